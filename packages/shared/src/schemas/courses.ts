import { z } from "zod";
import {
  AI_MATERIAL_TYPES,
  AUDIENCES,
  BULK_ACTIONS,
  BULK_MESSAGES,
  CATEGORIES,
  COURSE_MESSAGES,
  CURRENCIES,
  DEFAULT_LESSON_MINUTES,
  LESSON_TYPES,
  MATERIAL_TYPES,
  SKILL_LEVELS,
} from "../rules/course.ts";
import { DRIP_MAX_DAYS, DRIP_MESSAGES, isReleaseDate } from "../rules/drip.ts";
import { GUARANTEE_MAX_DAYS, GUARANTEE_MIN_DAYS } from "../rules/guarantee.ts";

/**
 * Course builder and course contracts (spec 001 §2 Course builder, §3 Course / Lesson / Course
 * draft / Builder outline section, §7 course calls; 000 §2 helpers, §3 Outline section, Material).
 * Units: estimatedDuration in HOURS in the builder (stored as minutes); section and lesson
 * durations in MINUTES; price in whole VND (or USD with cents).
 */
const id = z.string().min(1).max(100);
const minutes = z.number().int().min(0).max(100_000);

/** One quiz question: single correct choice (`correctIndex` into `choices`). */
export const quizQuestionSchema = z
  .object({
    id,
    question: z.string().trim().min(1, COURSE_MESSAGES.quizNeedsQuestion).max(1000),
    choices: z
      .array(z.string().trim().min(1).max(500))
      .min(2, COURSE_MESSAGES.quizChoices)
      .max(6, COURSE_MESSAGES.quizChoices),
    correctIndex: z.number().int().min(0),
  })
  .refine((q) => q.correctIndex < q.choices.length, {
    message: COURSE_MESSAGES.quizCorrect,
    path: ["correctIndex"],
  });
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** Lesson content by type. text: sanitized HTML; video: uploaded file URL or a YouTube/Vimeo link; quiz: questions and pass mark (%). */
export const lessonContentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), html: z.string().max(200_000).default("") }),
  z.object({
    type: z.literal("video"),
    source: z.enum(["upload", "youtube", "vimeo"]).nullable().default(null),
    url: z.string().max(2048).nullable().default(null),
  }),
  z.object({
    type: z.literal("quiz"),
    questions: z.array(quizQuestionSchema).max(200).default([]),
    passMark: z.number().int().min(1).max(100).default(70),
    /**
     * Failed attempts after which the player shows the correct answers (issue 16 item 6); 0: only
     * after passing. Absent: DEFAULT_REVEAL_AFTER_ATTEMPTS (3).
     */
    revealAfterAttempts: z.number().int().min(0).max(20).optional(),
  }),
]);
export type LessonContent = z.infer<typeof lessonContentSchema>;

/** A lesson in the builder (001 §3 Builder outline section lessons). `id` is the lesson row id once published. */
export const builderLessonSchema = z.object({
  id,
  title: z.string().trim().min(1, COURSE_MESSAGES.lessonTitleRequired).max(200),
  type: z.enum(LESSON_TYPES).default("text"),
  duration: minutes.default(DEFAULT_LESSON_MINUTES),
  content: lessonContentSchema.optional(),
  materialId: z.string().max(100).nullable().optional(),
});
export type BuilderLesson = z.infer<typeof builderLessonSchema>;

/**
 * A section's release rule (issue 27 §1, decision 0231): at enrolment (default), `days` whole days
 * after the enrolment's start (1–365), or 00:00 of `date` (YYYY-MM-DD) in the school's time zone.
 */
export const sectionReleaseSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("enrolment") }),
  z.object({
    kind: z.literal("days"),
    days: z
      .number(DRIP_MESSAGES.releaseDaysInvalid)
      .int(DRIP_MESSAGES.releaseDaysInvalid)
      .min(1, DRIP_MESSAGES.releaseDaysInvalid)
      .max(DRIP_MAX_DAYS, DRIP_MESSAGES.releaseDaysInvalid),
  }),
  z.object({
    kind: z.literal("date"),
    date: z.string(DRIP_MESSAGES.releaseDateInvalid).refine(isReleaseDate, DRIP_MESSAGES.releaseDateInvalid),
  }),
]);
export type SectionReleaseInput = z.infer<typeof sectionReleaseSchema>;

/** An outline section (000 §3 Outline section; 001 §3 Builder outline section). */
export const outlineSectionSchema = z.object({
  id,
  title: z.string().trim().min(1, COURSE_MESSAGES.sectionTitleRequired).max(200),
  description: z.string().max(2000).default(""),
  duration: minutes.default(0),
  materials: z.array(z.string().max(100)).max(50).default([]),
  lessons: z.array(builderLessonSchema).max(1000).default([]),
  /** When the section opens for a student (issue 27 §1); absent = at enrolment. */
  release: sectionReleaseSchema.optional(),
});
export type OutlineSection = z.infer<typeof outlineSectionSchema>;

/** Course Information (001 §2): what the builder's form holds. estimatedDuration in hours. */
export const courseInfoSchema = z.object({
  title: z.string().trim().max(200, COURSE_MESSAGES.titleTooLong).default(""),
  description: z.string().max(5000, COURSE_MESSAGES.descriptionTooLong).default(""),
  category: z.enum(CATEGORIES).nullable().default(null),
  /** The platform subject (Admin Panel Subjects, issue 14); null when none is picked. */
  subjectId: z.uuid("Please choose a subject from the list.").nullable().default(null),
  skillLevel: z.enum(SKILL_LEVELS).default("beginner"),
  targetAudience: z.enum(AUDIENCES).default("adults"),
  estimatedDuration: z
    .number()
    .min(0, COURSE_MESSAGES.durationInvalid)
    .max(1000, COURSE_MESSAGES.durationInvalid)
    .default(0),
  price: z
    .number()
    .min(0, COURSE_MESSAGES.priceInvalid)
    .max(1_000_000_000, COURSE_MESSAGES.priceInvalid)
    .default(0),
  currency: z.enum(CURRENCIES).default("VND"),
  /**
   * Money-back guarantee in days (issue 24 §3): null = none, else a whole number 1–90. Shown and
   * honoured only while the course is paid (a free course publishes with none).
   */
  guaranteeDays: z
    .number(COURSE_MESSAGES.guaranteeInvalid)
    .int(COURSE_MESSAGES.guaranteeInvalid)
    .min(GUARANTEE_MIN_DAYS, COURSE_MESSAGES.guaranteeInvalid)
    .max(GUARANTEE_MAX_DAYS, COURSE_MESSAGES.guaranteeInvalid)
    .nullable()
    .default(null),
  thumbnailUrl: z.string().max(2048).nullable().default(null),
});
export type CourseInfo = z.infer<typeof courseInfoSchema>;

/** The whole builder state: saved as a draft (course_drafts) or published. */
export const courseDraftSchema = courseInfoSchema.extend({
  /** The course being edited; absent or null for a new course. */
  courseId: z.uuid().nullable().default(null),
  outline: z.array(outlineSectionSchema).max(500).default([]),
  /** Material ids selected in the Material Bank. */
  materials: z.array(z.string().max(100)).max(500).default([]),
});
export type CourseDraft = z.infer<typeof courseDraftSchema>;
export type CourseDraftInput = z.input<typeof courseDraftSchema>;

/** Publishing needs a title (001 §5: signed-in user; slug from the title). */
export const publishCourseSchema = courseDraftSchema.extend({
  title: z.string().trim().min(1, COURSE_MESSAGES.titleRequired).max(200, COURSE_MESSAGES.titleTooLong),
});

/**
 * GET /api/courses/{id}/payment-setup (issue 11 §2): `ready` when buyers of the course can pay
 * (its most recently published landing page has a usable enabled payment method);
 * `landingPageId` is the course's landing page to set payment up on (null: none yet).
 */
export const coursePaymentSetupSchema = z.object({
  ready: z.boolean(),
  landingPageId: z.uuid().nullable(),
});
export type CoursePaymentSetup = z.infer<typeof coursePaymentSetupSchema>;

export const savedDraftSchema = courseDraftSchema.extend({ updatedAt: z.string() });
export type SavedDraft = z.infer<typeof savedDraftSchema>;

/** A course card in "My Courses" (000 §2). */
export const courseSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  category: z.string().nullable(),
  skillLevel: z.string().nullable(),
  isPublished: z.boolean(),
  enrollmentCount: z.number().int(),
  totalLessons: z.number().int(),
  /** Minutes. */
  estimatedDuration: z.number().int(),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  /** The course's rating, only from REVIEWS_PUBLIC_MINIMUM reviews (publicRating; issue 24 §2). */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  /** An admin took the course down after a report; publishing waits for an approved review request. */
  takenDown: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
  search: z.string().trim().max(200).optional(),
  status: z.enum(["all", "published", "draft"]).default("all"),
});

export const courseListSchema = z.object({
  items: z.array(courseSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CourseList = z.infer<typeof courseListSchema>;

/** Bulk course actions (000 §2, §4, §5): at least one course and an action. */
export const bulkCourseActionSchema = z
  .object({
    action: z.string().min(1, BULK_MESSAGES.missingSelection),
    courseIds: z.array(z.uuid()).min(1, BULK_MESSAGES.missingSelection).max(1000),
    subject: z.string().trim().max(200).optional(),
    message: z.string().trim().max(5000).optional(),
  })
  .superRefine((value, ctx) => {
    if (!(BULK_ACTIONS as readonly string[]).includes(value.action)) {
      ctx.addIssue({ code: "custom", path: ["action"], message: BULK_MESSAGES.invalidAction });
    } else if (value.action === "email" && !value.message) {
      ctx.addIssue({ code: "custom", path: ["message"], message: BULK_MESSAGES.messageRequired });
    }
  });
export const bulkCourseResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  affected: z.number().int(),
  /** For "email": how many messages were queued in the outbox. */
  queued: z.number().int().optional(),
  createdIds: z.array(z.uuid()).optional(),
});

/** The course as the builder loads it for editing (001 §2 "Course Loaded"). */
export const builderCourseSchema = courseDraftSchema.extend({
  courseId: z.uuid(),
  isPublished: z.boolean(),
  slug: z.string(),
});
export type BuilderCourse = z.infer<typeof builderCourseSchema>;

/** Material (000 §3): a file or generated item in a creator's library. duration in minutes. */
export const materialSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(MATERIAL_TYPES),
  category: z.string(),
  skillLevel: z.string(),
  duration: z.number().int(),
  description: z.string(),
  tags: z.array(z.string()),
  rating: z.number(),
  downloads: z.number().int(),
  fileUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Generated content (quiz questions, worksheet items, essay prompt, assessment rubric). */
  content: z.unknown().nullable(),
  source: z.enum(["upload", "ai", "template", "sample"]),
  createdAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

export const materialListQuerySchema = z.object({
  category: z.string().max(50).optional(),
  skillLevel: z.string().max(50).optional(),
  search: z.string().trim().max(200).optional(),
  type: z.enum(MATERIAL_TYPES).optional(),
});

export const generateMaterialSchema = z.object({
  type: z.enum(AI_MATERIAL_TYPES),
  category: z.string().trim().max(50).default("general"),
  skillLevel: z.string().trim().max(50).default("beginner"),
  /** Topic hint (the course title). */
  topic: z.string().trim().max(200).optional(),
  locale: z.enum(["en", "vi"]).default("en"),
});

/** generate-course-outline (000 §7): body courseData, response outline. */
export const outlineRequestSchema = z.object({
  title: z.string().trim().min(1, COURSE_MESSAGES.titleRequired).max(200),
  description: z.string().max(5000).default(""),
  category: z.enum(CATEGORIES).nullable().default(null),
  skillLevel: z.enum(SKILL_LEVELS).default("beginner"),
  targetAudience: z.enum(AUDIENCES).default("adults"),
  /** Hours. */
  estimatedDuration: z.number().min(0).max(1000).default(0),
  locale: z.enum(["en", "vi"]).default("en"),
});
export type OutlineRequest = z.infer<typeof outlineRequestSchema>;

export const outlineResponseSchema = z.object({
  outline: z.array(outlineSectionSchema),
  /** ai: the configured model; offline: the built-in generator; fallback: the two-section default. */
  source: z.enum(["ai", "offline", "fallback"]),
});
