import type { OutlineRequest, OutlineSection } from "@academy/shared";

/** What generate-ai-material produces (000 §7): a material without its storage fields. duration in minutes. */
export interface GeneratedMaterial {
  title: string;
  type: "video" | "document" | "quiz" | "worksheet" | "audio" | "image" | "presentation";
  description: string;
  duration: number;
  tags: string[];
  content: unknown;
  /** "model" when a configured model wrote it, "offline" when the built-in templates did (stored as source "template"). */
  generatedBy: "model" | "offline";
}

export interface GenerateMaterialRequest {
  type: "quiz" | "worksheet" | "essay" | "assessment";
  category: string;
  skillLevel: string;
  topic?: string;
  locale: "en" | "vi";
}

/**
 * The AI features the app uses (implemented in apps/server/src/ai by createAiAdapter: an
 * OpenAI-compatible model, or the built-in offline generator). Neither method throws for a model
 * failure: the outline falls back to the two-section default (000 §4), materials to offline content.
 */
export interface AiPort {
  generateOutline(
    request: OutlineRequest,
  ): Promise<{ outline: OutlineSection[]; source: "ai" | "offline" | "fallback" }>;
  generateMaterial(request: GenerateMaterialRequest): Promise<GeneratedMaterial>;
}
