import { z } from "zod";
import { CURRENCIES, LESSON_TYPES } from "../rules/course.ts";
import { sectionReleaseSchema } from "./courses.ts";
import { videoStreamSchema } from "./videos.ts";

/**
 * Enrolment, lesson player, progress and certificate contracts (spec 001 §2 Course enrolment page
 * and Lesson player, §3 Enrollment and Lesson progress, §4, §7, §8; 000 §2 Student dashboard).
 * Units: durations in MINUTES, estimatedHours in HOURS, timeSpent in SECONDS, progress in percent.
 * The texts and defaults are in ../rules/learning.ts.
 */

/** The public enrolment page of a published course (/join/{courseId}). */
export const joinCourseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  shortDescription: z.string().nullable(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Hours (estimated_duration minutes / 60, one decimal). */
  estimatedHours: z.number(),
  studentCount: z.number().int(),
  rating: z.number(),
  ratingCount: z.number().int(),
  skillLevel: z.string().nullable(),
  category: z.string().nullable(),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  isFree: z.boolean(),
  /**
   * The course's money-back guarantee in days (issue 24 §3): set only for a paid course whose
   * creator chose one (1–90); null otherwise, and then no guarantee is shown.
   */
  guaranteeDays: z.number().int().nullable(),
  totalLessons: z.number().int(),
  schoolName: z.string().nullable(),
  instructorName: z.string().nullable(),
  /** The signed-in visitor's enrolment, if any. */
  enrolment: z
    .object({ id: z.uuid(), paymentStatus: z.enum(["pending", "completed", "cancelled"]) })
    .nullable(),
  /** Paid courses: whether any payment method is set up (issue 11 §2); false → "Message teacher". */
  paymentSetUp: z.boolean().optional(),
  /** The visitor's open order (pending or awaiting confirmation), to continue at /checkout/{reference}. */
  openOrderReference: z.string().nullable().optional(),
  /**
   * The curriculum (issue 27 §1): the published sections in order with their lessons (title, type,
   * minutes) and their drip rule (absent: open at enrolment). No lesson content.
   */
  curriculum: z
    .array(
      z.object({
        title: z.string(),
        release: sectionReleaseSchema.optional(),
        lessons: z.array(
          z.object({ title: z.string(), type: z.enum(LESSON_TYPES), duration: z.number().int() }),
        ),
      }),
    )
    .optional(),
});
export type JoinCourse = z.infer<typeof joinCourseSchema>;

export const enrollResultSchema = z.object({
  enrollmentId: z.uuid(),
  /** created: a new enrolment; existing: the student was already enrolled. */
  outcome: z.enum(["created", "existing"]),
  paymentStatus: z.enum(["pending", "completed", "cancelled"]),
  /** Paid courses: the order to pay at /checkout/{reference} (issue 11); null when nothing is owed. */
  orderReference: z.string().nullable().optional(),
});
export type EnrollResult = z.infer<typeof enrollResultSchema>;

/** A quiz question as the player receives it: NO correct answer before submission. */
export const playerQuizQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  choices: z.array(z.string()),
});

export const playerLessonSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  section: z.string().nullable(),
  orderIndex: z.number().int(),
  type: z.enum(LESSON_TYPES),
  /** Minutes. */
  duration: z.number().int(),
  /** text: sanitized HTML; video: source + url; quiz: questions without answers and the pass mark. */
  content: z.discriminatedUnion("type", [
    z.object({
      type: z.literal("text"),
      html: z.string(),
      /**
       * Seconds of study time the lesson needs before Mark Complete (readingSeconds, issue 25 item 5);
       * absent = 0.
       */
      readingSeconds: z.number().int().min(0).optional(),
    }),
    z.object({
      type: z.literal("video"),
      source: z.enum(["upload", "youtube", "vimeo"]).nullable(),
      url: z.string().nullable(),
      /** An uploaded video transcoded to HLS (issue 26); absent or null → play `url` (the original). */
      stream: videoStreamSchema.nullable().optional(),
    }),
    z.object({
      type: z.literal("quiz"),
      questions: z.array(playerQuizQuestionSchema),
      passMark: z.number().int(),
    }),
  ]),
  /**
   * The lesson's resources (issue 17 item 11): materials the creator attached to the lesson or to its
   * section, with a file address (signed, expiring) to download or open; generated ones have none.
   */
  resources: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        type: z.string(),
        url: z.string().nullable(),
        mimeType: z.string().nullable(),
      }),
    )
    .optional(),
  progress: z.object({
    isCompleted: z.boolean(),
    progress: z.number(),
    /** Seconds. */
    timeSpent: z.number().int(),
    completedAt: z.string().nullable(),
    /** Where the student stopped in an uploaded video, in seconds (issue 26); absent = start. */
    position: z.number().nullable().optional(),
  }),
  /**
   * Drip schedule (issue 27 §1): when the lesson opens for this student (ISO instant) while it is
   * locked — then `content` is empty and `resources` too; null (or absent) when it is open.
   */
  opensAt: z.string().nullable().optional(),
});
export type PlayerLesson = z.infer<typeof playerLessonSchema>;

export const playerCourseSchema = z.object({
  course: z.object({
    id: z.uuid(),
    title: z.string(),
    thumbnailUrl: z.string().nullable(),
    creatorId: z.string(),
    /** The school's time zone (IANA name): dates of locked lessons are shown in it (issue 27 §1). */
    timeZone: z.string().optional(),
  }),
  enrolment: z.object({
    id: z.uuid(),
    progress: z.number(),
    isCompleted: z.boolean(),
    completionDate: z.string().nullable(),
    certificateIssued: z.boolean(),
    certificateUrl: z.string().nullable(),
    lastLessonId: z.uuid().nullable(),
  }),
  lessons: z.array(playerLessonSchema),
});
export type PlayerCourse = z.infer<typeof playerCourseSchema>;

/**
 * A progress event from the player. open: the lesson was shown (resume point); complete: Mark
 * Complete (100); video-ended: the video reached its end (90, not completed); time: only time.
 * timeSpentDelta: seconds spent on the lesson since the last report (tab visible), 0–3600.
 */
export const progressEventSchema = z.object({
  event: z.enum(["open", "complete", "video-ended", "time"]),
  timeSpentDelta: z.number().int().min(0).max(3600).default(0),
});
export type ProgressEvent = z.input<typeof progressEventSchema>;

export const progressResultSchema = z.object({
  lesson: playerLessonSchema.shape.progress,
  enrolment: playerCourseSchema.shape.enrolment,
});

export const quizSubmissionSchema = z.object({
  /** questionId → chosen index. */
  answers: z.record(z.string(), z.number().int().min(0)),
});

export const quizResultSchema = z.object({
  /** Percent, rounded. */
  score: z.number().int(),
  passMark: z.number().int(),
  passed: z.boolean(),
  correct: z.number().int(),
  total: z.number().int(),
  /**
   * questionId → { chosen, correctIndex, isCorrect }. correctIndex is null until the answers are
   * revealed: after a passed attempt or after `revealAfterAttempts` failed ones (issue 16 item 6).
   */
  results: z.record(
    z.string(),
    z.object({
      chosen: z.number().int().nullable(),
      correctIndex: z.number().int().nullable(),
      isCorrect: z.boolean(),
    }),
  ),
  /** The correct answers are in `results` (passed, or enough failed attempts). */
  answersRevealed: z.boolean(),
  /** Failed attempts so far, this one included. */
  failedAttempts: z.number().int(),
  /** Further failed attempts before the answers are shown; null: only passing shows them. */
  attemptsUntilReveal: z.number().int().nullable(),
  progress: progressResultSchema,
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** Public certificate verification (/certificates/{id}). */
export const certificateSchema = z.object({
  id: z.string(),
  studentName: z.string(),
  courseTitle: z.string(),
  schoolName: z.string().nullable(),
  completionDate: z.string(),
  issuedAt: z.string(),
  verifyUrl: z.string(),
  pdfUrl: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;
