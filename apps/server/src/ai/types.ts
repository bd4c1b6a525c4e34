import type { AI_MATERIAL_TYPES, MATERIAL_TYPES, SKILL_LEVELS } from "@academy/shared";

/**
 * Shapes produced by the AI layer (spec 000 §2 Material Bank "AI Generate", §3 Material, §7
 * generate-ai-material). Units: every `duration` is in MINUTES; `passMark` is a percentage.
 */

export type Locale = "en" | "vi";
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export type MaterialType = (typeof MATERIAL_TYPES)[number];
export type AiMaterialType = (typeof AI_MATERIAL_TYPES)[number];

/** One criterion of a marking rubric; `points` is the maximum score for it. */
export type {
  AssessmentContent,
  AssessmentQuestion,
  EssayContent,
  MaterialContent,
  QuizContent,
  RubricCriterion,
  WorksheetContent,
} from "@academy/shared";

import type { MaterialContent } from "@academy/shared";

/**
 * A generated material, ready to be stored as a Material (000 §3) by the caller, who adds id,
 * category, skillLevel, rating, downloads, file fields, source "ai" and createdAt.
 * `duration` in minutes; `tags` at most 5; `generatedBy` tells whether the model or the built-in
 * offline generator wrote it.
 */
export interface GeneratedMaterial {
  title: string;
  type: MaterialType;
  description: string;
  duration: number;
  tags: string[];
  content: MaterialContent;
  generatedBy: "model" | "offline";
}

/** What generate-ai-material asks for (000 §7): type, category (default "general"), level (default "beginner"), topic (course title), locale. */
export interface MaterialRequest {
  type: AiMaterialType;
  category?: string;
  skillLevel?: string;
  topic?: string;
  locale?: Locale;
}

/** Material type stored for each AI material request (000 §3 Material types): essay → document, assessment → quiz. */
export const AI_MATERIAL_STORED_TYPE: Record<AiMaterialType, MaterialType> = {
  quiz: "quiz",
  worksheet: "worksheet",
  essay: "document",
  assessment: "quiz",
};
