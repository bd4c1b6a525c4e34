/**
 * The learning experience's texts and defaults (spec 001 §2 learning, §5 messages; issue 26),
 * without zod, so the lesson player does not carry the schema library (issue 17 §14 budget). Units:
 * percent, attempts. The schemas are in ../schemas/learning.ts.
 */

export const LEARNING_MESSAGES = {
  courseNotAvailable: "Course not found or not available.",
  enrollFailed: "Failed to enroll in course. Please try again.",
  alreadyEnrolled: "Already Enrolled!",
  accessDenied: "Access Denied",
  notEnrolled: "You are not enrolled in this course.",
  loadFailed: "Failed to load course content.",
  paymentPending: "Your enrolment is waiting for payment confirmation.",
  certificateUnknown: "No certificate with this ID exists.",
  /** issue 16 item 6: completion (Mark Complete or a quiz) needs an `open` event of the lesson. */
  openFirst: "Open the lesson before completing it.",
  /** issue 16 item 6: an uploaded video is completed after its end (or its length in study time). */
  watchVideoFirst: "Watch the video to the end before completing this lesson.",
  /** issue 25 item 5 (#6): a text lesson is completed after its reading time (readingSeconds). */
  readFirst: "Keep reading: this lesson can be completed after its reading time.",
} as const;

/** Default quiz pass mark in percent (issue 4: 70% unless the creator set another). */
export const DEFAULT_PASS_MARK = 70;

/** A video that reaches its end records this progress without completing (001 §4, §9). */
export const VIDEO_END_PROGRESS = 90;

/**
 * Failed quiz attempts after which the correct answers are shown (issue 16 item 6), unless the
 * creator set another number (content_data.revealAfterAttempts, 0 = only after passing).
 * A passed attempt always shows them.
 */
export const DEFAULT_REVEAL_AFTER_ATTEMPTS = 3;
