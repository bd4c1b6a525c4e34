import { randomUUID } from "node:crypto";
import {
  type BuilderLesson,
  LESSON_TYPES,
  type OutlineRequest,
  type OutlineSection,
  outlineSectionSchema,
} from "@academy/shared";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModel, Output } from "ai";
import { z } from "zod";
import type { Env } from "../env.ts";
import type { AiPort } from "../lib/ai-port.ts";
import type { Logger } from "../lib/logger.ts";
import { distributeMinutes } from "./minutes.ts";
import {
  generateOfflineMaterial,
  materialBasics,
  materialLevel,
  materialSubject,
} from "./offline-materials.ts";
import { fallbackOutline, generateOfflineOutline } from "./offline-outline.ts";
import {
  AI_MATERIAL_STORED_TYPE,
  type AssessmentQuestion,
  type GeneratedMaterial,
  type Locale,
  type MaterialContent,
  type MaterialRequest,
  type RubricCriterion,
} from "./types.ts";

export type {
  AssessmentContent,
  AssessmentQuestion,
  EssayContent,
  GeneratedMaterial,
  MaterialContent,
  MaterialRequest,
  QuizContent,
  RubricCriterion,
  WorksheetContent,
} from "./types.ts";
export { AI_MATERIAL_STORED_TYPE } from "./types.ts";

/** Where an outline came from (outlineResponseSchema.source, 000 §7 generate-course-outline). */
export type OutlineSource = "ai" | "offline" | "fallback";

export interface OutlineResult {
  outline: OutlineSection[];
  source: OutlineSource;
}

/** Per-call options: `signal` cancels the call (e.g. the HTTP request went away); the time limit applies anyway. */
export interface AiCallOptions {
  signal?: AbortSignal;
}

/**
 * The AI layer of the course builder (DESIGN.md §1 "AI → any OpenAI-compatible endpoint, or
 * built-in offline generator"; spec 000 §2 course-creation helpers, §7 generate-course-outline
 * and generate-ai-material). Neither method throws: failures become the spec's fallbacks.
 * Satisfies the app's AiPort (lib/ai-port.ts).
 */
export interface AiAdapter extends AiPort {
  /** "model" when AI_BASE_URL is configured, "offline" for the built-in generators. */
  readonly mode: "model" | "offline";
  /**
   * Course outline (000 §7 generate-course-outline; §4 "On failure or an empty result a two-section
   * default outline replaces it (no error shown)"; §8 silent failure; §9 45 and 90 minutes).
   * @param request outlineRequestSchema output: title, description, category, skillLevel,
   *   targetAudience, estimatedDuration in HOURS, locale.
   * @returns sections with integer MINUTE durations (section = sum of its lessons), fresh UUID ids,
   *   every section with at least one lesson (text | video | quiz). source "ai" (the model's
   *   outline, validated and normalized), "offline" (no model configured: built-in generator) or
   *   "fallback" (the model failed, timed out after env.ai.timeoutMs or returned an invalid or empty
   *   outline: two sections "Section 1"/"Section 2" of 45 and 90 minutes; a warning is logged).
   *   Never rejects.
   */
  generateOutline(request: OutlineRequest, options?: AiCallOptions): Promise<OutlineResult>;
  /**
   * One AI material (000 §2 AI Generate, §7 generate-ai-material: type quiz | worksheet | essay |
   * assessment, category default "general", skillLevel default "beginner").
   * @param request generateMaterialSchema output (type, category, skillLevel, topic = course title, locale).
   * @returns a GeneratedMaterial (duration in minutes; essay → type "document", assessment → "quiz").
   *   With a model: its material, validated and normalized (generatedBy "model"); when the model
   *   fails, times out or returns invalid content, the material template of offline-materials.ts
   *   (generatedBy "offline": empty slots for the creator, issue 28 §2) and a logged warning.
   *   Without a model: the material template. Never rejects, so the route can
   *   always answer "Success!" (000 §8); "Failed to generate AI material. Please try again." is
   *   left to storage failures.
   */
  generateMaterial(request: MaterialRequest, options?: AiCallOptions): Promise<GeneratedMaterial>;
}

const LANGUAGE_NAME: Record<Locale, string> = {
  en: "English",
  vi: "Vietnamese (tiếng Việt, with full diacritics)",
};
const MAX_MINUTES = 100_000;

// ---------------------------------------------------------------------------------------------
// Model-facing schemas, kept to the subset every structured-output provider accepts: every field
// required, no optional fields, no length or range keywords (counts and ranges are checked during
// normalization). The AI SDK validates the model's answer against them; normalization below
// trims, rounds, adds ids and validates again.
// ---------------------------------------------------------------------------------------------

const aiOutlineSchema = z.object({
  sections: z
    .array(
      z.object({
        title: z.string().describe("Section title, specific to the course topic"),
        description: z.string().describe("One sentence describing what the section covers"),
        duration: z.number().describe("Section length in whole minutes (sum of its lessons)"),
        lessons: z
          .array(
            z.object({
              title: z.string(),
              type: z.enum(LESSON_TYPES).describe("text, video or quiz"),
              duration: z.number().describe("Lesson length in whole minutes"),
            }),
          )
          .describe("2 to 5 lessons; end the section with a short quiz"),
      }),
    )
    .describe("3 to 10 sections in learning order"),
});
type AiOutline = z.infer<typeof aiOutlineSchema>;

const materialMeta = {
  title: z.string().describe("Short title of the material"),
  description: z.string().describe("One or two sentences describing the material"),
  duration: z.number().describe("Minutes a student needs to complete it"),
  tags: z.array(z.string()).describe("2 to 5 short lowercase tags"),
};
const mcq = z.object({
  question: z.string(),
  choices: z.array(z.string()).describe("Exactly 4 distinct answer choices"),
  correctIndex: z.number().describe("0-based index of the single correct choice"),
});
const rubric = z.array(z.object({ criterion: z.string(), points: z.number() }));

const aiMaterialSchemas = {
  quiz: z.object({ ...materialMeta, questions: z.array(mcq).describe("5 to 10 questions") }),
  worksheet: z.object({
    ...materialMeta,
    instructions: z.string(),
    items: z
      .array(
        z.object({ prompt: z.string(), answer: z.string().describe("Answer key, or empty for open tasks") }),
      )
      .describe("4 to 8 exercises"),
  }),
  essay: z.object({
    ...materialMeta,
    prompt: z.string(),
    guidance: z.array(z.string()).describe("3 to 5 short writing tips"),
    wordCount: z.object({ min: z.number(), max: z.number() }),
    rubric,
  }),
  assessment: z.object({
    ...materialMeta,
    questions: z
      .array(
        z.object({
          type: z.enum(["multiple-choice", "short-answer"]),
          question: z.string(),
          choices: z.array(z.string()).describe("4 choices for multiple-choice, empty for short-answer"),
          correctIndex: z.number().describe("Correct choice index; -1 for short-answer"),
          sampleAnswer: z.string().describe("Model answer for short-answer, empty for multiple-choice"),
          points: z.number(),
        }),
      )
      .describe("4 to 10 questions, at least 2 of them short-answer"),
    rubric,
    passMark: z.number().describe("Pass mark in percent"),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Normalization: trimmed texts, integer minutes ≥ 0, fresh ids; throws when nothing usable is left.
// ---------------------------------------------------------------------------------------------

const clean = (text: string, max: number) => text.replace(/\s+/g, " ").trim().slice(0, max);
const wholeMinutes = (value: number) =>
  Number.isFinite(value) ? Math.min(MAX_MINUTES, Math.max(0, Math.round(value))) : 0;

/**
 * Turns the model's outline into valid OutlineSections (000 §3, §5: integer minutes, 0 when not
 * numeric): at most 30 sections of at most 20 lessons, texts trimmed, untitled lessons dropped, lesson minutes rounded (a section's minutes
 * are spread over its lessons when they have none), a section without lessons gets one text lesson,
 * section duration = sum of its lessons.
 * @throws Error when no section has a title; ZodError when the result breaks outlineSectionSchema.
 */
export function normalizeAiOutline(raw: AiOutline): OutlineSection[] {
  const sections = raw.sections
    .slice(0, 30)
    .map((section) => ({ ...section, title: clean(section.title, 200) }))
    .filter((section) => section.title.length > 0)
    .map((section) => {
      const sectionMinutes = wholeMinutes(section.duration);
      let lessons = section.lessons
        .slice(0, 20)
        .map((lesson) => ({
          title: clean(lesson.title, 200),
          type: lesson.type,
          duration: wholeMinutes(lesson.duration),
        }))
        .filter((lesson) => lesson.title.length > 0);
      if (lessons.length === 0) lessons = [{ title: section.title, type: "text", duration: sectionMinutes }];
      if (sectionMinutes > 0 && lessons.every((lesson) => lesson.duration === 0)) {
        const spread = distributeMinutes(
          sectionMinutes,
          lessons.map(() => 1),
        );
        lessons = lessons.map((lesson, i) => ({ ...lesson, duration: spread[i] }));
      }
      const builderLessons: BuilderLesson[] = lessons.map((lesson) => ({ id: randomUUID(), ...lesson }));
      return {
        id: randomUUID(),
        title: section.title,
        description: section.description.trim().slice(0, 2000),
        duration: Math.min(
          MAX_MINUTES,
          builderLessons.reduce((sum, lesson) => sum + lesson.duration, 0),
        ),
        materials: [],
        lessons: builderLessons,
      };
    });
  if (sections.length === 0) throw new Error("The model returned no usable section");
  return z.array(outlineSectionSchema).min(1).parse(sections);
}

/** Trimmed, non-empty, distinct choices; undefined when the question is unusable. */
function cleanChoices(choices: string[], correctIndex: number, size?: number) {
  const trimmed = choices.map((c) => clean(c, 500));
  const index = Math.round(correctIndex);
  if (!Number.isInteger(index) || index < 0 || index >= trimmed.length) return undefined;
  if (trimmed.some((c) => c.length === 0)) return undefined;
  if (new Set(trimmed.map((c) => c.toLowerCase())).size !== trimmed.length) return undefined;
  if (size !== undefined ? trimmed.length !== size : trimmed.length < 2 || trimmed.length > 6)
    return undefined;
  return { choices: trimmed, correctIndex: index };
}

function cleanRubric(items: { criterion: string; points: number }[]): RubricCriterion[] {
  return items
    .map((r) => ({ criterion: clean(r.criterion, 300), points: Math.max(0, Math.round(r.points)) }))
    .filter((r) => r.criterion.length > 0 && Number.isFinite(r.points) && r.points > 0);
}

function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const value = clean(tag, 40).toLowerCase();
    if (value && !seen.has(value)) seen.add(value);
  }
  return [...seen].slice(0, 5);
}

type AiMaterial<T extends keyof typeof aiMaterialSchemas> = z.infer<(typeof aiMaterialSchemas)[T]>;

function materialContent(request: MaterialRequest, raw: unknown): MaterialContent {
  const fail = (why: string): never => {
    throw new Error(`The model's ${request.type} is unusable: ${why}`);
  };
  switch (request.type) {
    case "quiz": {
      const value = raw as AiMaterial<"quiz">;
      const questions = value.questions.flatMap((item) => {
        const question = clean(item.question, 1000);
        const choices = cleanChoices(item.choices, item.correctIndex, 4);
        return question && choices ? [{ id: randomUUID(), question, ...choices }] : [];
      });
      if (questions.length < 5) fail("fewer than 5 valid questions");
      return { kind: "quiz", questions: questions.slice(0, 20) };
    }
    case "worksheet": {
      const value = raw as AiMaterial<"worksheet">;
      const items = value.items.flatMap((item) => {
        const prompt = clean(item.prompt, 1000);
        const answer = clean(item.answer, 1000);
        return prompt ? [{ id: randomUUID(), prompt, ...(answer ? { answer } : {}) }] : [];
      });
      if (items.length < 3) fail("fewer than 3 items");
      return { kind: "worksheet", instructions: clean(value.instructions, 1000), items: items.slice(0, 30) };
    }
    case "essay": {
      const value = raw as AiMaterial<"essay">;
      const prompt = clean(value.prompt, 2000);
      const guidance = value.guidance.map((g) => clean(g, 500)).filter(Boolean);
      const min = Math.max(0, Math.round(value.wordCount.min));
      const max = Math.max(min, Math.round(value.wordCount.max));
      const marks = cleanRubric(value.rubric);
      if (!prompt || guidance.length === 0 || marks.length === 0 || !Number.isFinite(max) || max === 0)
        fail("missing prompt, guidance, word count or rubric");
      return { kind: "essay", prompt, guidance, wordCount: { min, max }, rubric: marks };
    }
    case "assessment": {
      const value = raw as AiMaterial<"assessment">;
      const questions: AssessmentQuestion[] = value.questions.flatMap((item): AssessmentQuestion[] => {
        const question = clean(item.question, 1000);
        const points = Math.max(1, Math.round(item.points) || 1);
        if (!question) return [];
        if (item.type === "short-answer")
          return [
            {
              id: randomUUID(),
              type: "short-answer",
              question,
              sampleAnswer: clean(item.sampleAnswer, 2000),
              points,
            },
          ];
        const choices = cleanChoices(item.choices, item.correctIndex, 4);
        return choices ? [{ id: randomUUID(), type: "multiple-choice", question, ...choices, points }] : [];
      });
      const passMark = Math.round(value.passMark);
      if (questions.filter((item) => item.type === "multiple-choice").length < 2)
        fail("too few valid questions");
      if (questions.length < 4) fail("fewer than 4 valid questions");
      return {
        kind: "assessment",
        questions: questions.slice(0, 40),
        rubric: cleanRubric(value.rubric),
        passMark: passMark >= 1 && passMark <= 100 ? passMark : 70,
      };
    }
  }
}

/**
 * Turns the model's material into a GeneratedMaterial: texts trimmed, ids added, quiz questions
 * with exactly 4 distinct choices and a valid correctIndex, duration in whole minutes, tags
 * de-duplicated (≤ 5). An empty title, a zero duration or no tags take `materialBasics` ("Quiz:
 * {topic}", minutes by type and level, [subject, level, type]); an empty description stays empty.
 * @throws Error when too little valid content is left (quiz < 5 questions, worksheet < 3 items,
 *   essay without prompt/guidance/rubric, assessment < 4 questions).
 */
export function normalizeAiMaterial(request: MaterialRequest, raw: unknown): GeneratedMaterial {
  const content = materialContent(request, raw);
  const meta = raw as { title: string; description: string; duration: number; tags: string[] };
  const basics = materialBasics(request);
  const duration = wholeMinutes(meta.duration);
  const tags = cleanTags(meta.tags);
  return {
    title: clean(meta.title, 200) || basics.title,
    type: AI_MATERIAL_STORED_TYPE[request.type],
    description: clean(meta.description, 2000),
    duration: duration > 0 ? duration : basics.duration,
    tags: tags.length > 0 ? tags : basics.tags,
    content,
    generatedBy: "model",
  };
}

// ---------------------------------------------------------------------------------------------
// Prompts
// ---------------------------------------------------------------------------------------------

function systemPrompt(locale: Locale): string {
  return [
    "You are an expert instructional designer for Academy, an online course platform.",
    "You write practical, accurate, well-structured learning content.",
    `Write every title, description and text in ${LANGUAGE_NAME[locale]}.`,
    "Answer with a single JSON object that matches the requested schema, and nothing else.",
  ].join(" ");
}

function outlinePrompt(request: OutlineRequest): string {
  const minutes = Math.round(request.estimatedDuration * 60);
  return [
    "Design the outline of this online course.",
    `Title: ${request.title}`,
    request.description ? `Description: ${request.description.slice(0, 2000)}` : undefined,
    `Category: ${request.category ?? "not specified"}`,
    `Skill level: ${request.skillLevel}`,
    `Audience: ${request.targetAudience}`,
    minutes > 0
      ? `Total length: ${request.estimatedDuration} hours (${minutes} minutes); the section durations must add up to ${minutes} minutes.`
      : "Total length: not specified; aim for about 2 hours.",
    "Requirements: 3 to 10 sections in a sensible learning order (more sections for longer courses);",
    "each section has a specific title, a one-sentence description, a duration in whole minutes and 2 to 5 lessons;",
    'each lesson has a title, a type ("text", "video" or "quiz") and a duration in whole minutes; end each section with a short quiz;',
    "a section's duration is the sum of its lessons' durations.",
    request.targetAudience === "children"
      ? "The audience is children: keep lessons short and playful."
      : undefined,
    'JSON shape: {"sections":[{"title":"…","description":"…","duration":45,"lessons":[{"title":"…","type":"video","duration":15}]}]}',
  ]
    .filter(Boolean)
    .join("\n");
}

const MATERIAL_SHAPES: Record<MaterialRequest["type"], string> = {
  quiz: 'a multiple-choice quiz of 5 to 10 questions, each with exactly 4 distinct choices and one correct answer (plausible distractors). JSON shape: {"title":"…","description":"…","duration":10,"tags":["…"],"questions":[{"question":"…","choices":["…","…","…","…"],"correctIndex":0}]}',
  worksheet:
    'a worksheet of 4 to 8 practice exercises with answer keys (empty answer for open tasks). JSON shape: {"title":"…","description":"…","duration":20,"tags":["…"],"instructions":"…","items":[{"prompt":"…","answer":"…"}]}',
  essay:
    'an essay prompt with writing guidance, a word count range and a marking rubric. JSON shape: {"title":"…","description":"…","duration":45,"tags":["…"],"prompt":"…","guidance":["…"],"wordCount":{"min":300,"max":500},"rubric":[{"criterion":"…","points":5}]}',
  assessment:
    'an assessment mixing 4 to 8 multiple-choice questions (4 choices, correctIndex) and 2 or 3 short-answer questions (sampleAnswer), with points per question, a rubric and a pass mark in percent. JSON shape: {"title":"…","description":"…","duration":30,"tags":["…"],"questions":[{"type":"multiple-choice","question":"…","choices":["…","…","…","…"],"correctIndex":2,"sampleAnswer":"","points":2},{"type":"short-answer","question":"…","choices":[],"correctIndex":-1,"sampleAnswer":"…","points":5}],"rubric":[{"criterion":"…","points":10}],"passMark":70}',
};

function materialPrompt(request: MaterialRequest): string {
  return [
    `Create ${MATERIAL_SHAPES[request.type]}`,
    `Subject category: ${materialSubject(request.category)}${request.category ? ` (given as "${request.category}")` : ""}`,
    `Skill level: ${materialLevel(request.skillLevel)}`,
    request.topic ? `Course topic: ${request.topic}` : undefined,
    "Make the content genuinely useful for learners at that level; no placeholders.",
  ]
    .filter(Boolean)
    .join("\n");
}

// ---------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------

function callSignal(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([timeout, signal]) : timeout;
}

const errorSummary = (error: unknown) =>
  error instanceof Error
    ? { name: error.name, message: error.message.slice(0, 500) }
    : { message: String(error) };

/**
 * Creates the AI adapter (DESIGN.md §1, §3.7: configured only through env).
 * @param env `env.ai` set (AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS in milliseconds) → the
 *   model through the Vercel AI SDK's OpenAI-compatible provider (chat completions with a JSON
 *   schema response format); undefined → the built-in offline generators.
 * @param logger warnings for every model failure (never the prompt or the API key).
 * @returns an AiAdapter whose methods never reject.
 */
export function createAiAdapter(env: Pick<Env, "ai">, logger: Logger): AiAdapter {
  const config = env.ai;
  if (!config) {
    return {
      mode: "offline",
      async generateOutline(request) {
        return { outline: generateOfflineOutline(request), source: "offline" };
      },
      async generateMaterial(request) {
        return generateOfflineMaterial(request);
      },
    };
  }

  const provider = createOpenAICompatible({
    name: "academy-ai",
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    supportsStructuredOutputs: true,
  });
  const model: LanguageModel = provider.chatModel(config.model);
  const { timeoutMs } = config;

  async function ask<T>(
    schema: z.ZodType<T>,
    name: string,
    locale: Locale,
    prompt: string,
    signal?: AbortSignal,
  ) {
    const result = await generateText({
      model,
      system: systemPrompt(locale),
      prompt,
      output: Output.object({ schema, name }),
      abortSignal: callSignal(timeoutMs, signal),
      maxRetries: 1,
    });
    return result.output as T;
  }

  return {
    mode: "model",
    async generateOutline(request, options) {
      const locale: Locale = request.locale === "vi" ? "vi" : "en";
      const started = Date.now();
      try {
        const raw = await ask(
          aiOutlineSchema,
          "course_outline",
          locale,
          outlinePrompt(request),
          options?.signal,
        );
        return { outline: normalizeAiOutline(raw), source: "ai" };
      } catch (error) {
        logger.warn(
          { err: errorSummary(error), model: config.model, elapsedMs: Date.now() - started },
          "AI outline generation failed; using the default two-section outline",
        );
        return { outline: fallbackOutline(request), source: "fallback" };
      }
    },
    async generateMaterial(request, options) {
      const locale: Locale = request.locale === "vi" ? "vi" : "en";
      const started = Date.now();
      try {
        const schema = aiMaterialSchemas[request.type] as z.ZodType<unknown>;
        const raw = await ask(
          schema,
          `${request.type}_material`,
          locale,
          materialPrompt(request),
          options?.signal,
        );
        return normalizeAiMaterial(request, raw);
      } catch (error) {
        logger.warn(
          {
            err: errorSummary(error),
            model: config.model,
            type: request.type,
            elapsedMs: Date.now() - started,
          },
          "AI material generation failed; using the offline generator",
        );
        return generateOfflineMaterial(request);
      }
    },
  };
}
