import { gradeQuiz, type QuizResult } from "@academy/shared";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { failedQuizAttempts, findLessonProgress } from "./learning.queries.ts";
import { assertLessonOpen, enrolledAccess, type LearningDeps, lessonOfCourse } from "./learning-access.ts";
import { passMarkOf, revealAfterOf, storedQuestions } from "./lesson-content.ts";
import { applyProgress, assertMayComplete, learningEvent } from "./lesson-progress.ts";

/** Refusal of a quiz submission for a lesson of another type. */
export const NOT_A_QUIZ = "This lesson is not a quiz.";

/**
 * Grades a quiz on the server (issue 4 "quiz"): gradeQuiz with the lesson's pass mark (default
 * 70%). Passing completes the lesson exactly like Mark Complete (and may complete the course and
 * issue the certificate); failing records no completion. Retakes are allowed. The lesson must have
 * been opened (issue 16 item 6). `results` carries each question's correctIndex only when the
 * answers are revealed: this attempt passed, or the failed attempts reached the creator's
 * revealAfterAttempts (default 3; 0 = only after passing). Otherwise correctIndex is null.
 * @param answers questionId → chosen choice index.
 * @returns score (percent, rounded), passMark, passed, correct, total, per-question results, progress.
 * @throws AppError BAD_REQUEST (NOT_A_QUIZ), NOT_FOUND, FORBIDDEN (notEnrolled),
 *   VALIDATION_FAILED (openFirst: the quiz lesson was never opened).
 */
export async function submitQuiz(
  deps: LearningDeps,
  actor: SessionUser,
  courseId: string,
  lessonId: string,
  answers: Record<string, number>,
): Promise<QuizResult> {
  return deps.db.transaction(async (tx) => {
    const { course, enrolment } = await enrolledAccess(tx, actor, courseId, true);
    const lesson = await lessonOfCourse(tx, course.id, lessonId);
    assertLessonOpen(lesson, enrolment, course.timeZone); // issue 27 §1
    if (lesson.content_type !== "quiz") throw new AppError("BAD_REQUEST", NOT_A_QUIZ);
    assertMayComplete(lesson, await findLessonProgress(tx, enrolment.id, lesson.id));
    const questions = storedQuestions(lesson);
    const passMark = passMarkOf(lesson);
    const grade = gradeQuiz(questions, answers, passMark);
    const progress = await applyProgress(
      tx,
      deps,
      actor,
      enrolment,
      lesson,
      grade.passed ? "complete" : "time",
      0,
    );
    await learningEvent(tx, actor, enrolment, lesson, "quiz", 0, undefined, grade); // issue 12
    // issue 16 item 6: the answer key only after a pass or enough failed attempts.
    const failedAttempts = await failedQuizAttempts(tx, enrolment.id, lesson.id);
    const revealAfter = revealAfterOf(lesson);
    const revealed = grade.passed || (revealAfter > 0 && failedAttempts >= revealAfter);
    // fromEntries: every question id (whatever the creator typed) becomes an own property.
    const results: QuizResult["results"] = Object.fromEntries(
      questions.map((q) => {
        const chosen = Object.hasOwn(answers, q.id) ? answers[q.id] : undefined;
        return [
          q.id,
          {
            chosen: typeof chosen === "number" ? chosen : null,
            correctIndex: revealed ? q.correctIndex : null,
            isCorrect: chosen === q.correctIndex,
          },
        ];
      }),
    );
    return {
      ...grade,
      passMark,
      results,
      progress,
      answersRevealed: revealed,
      failedAttempts,
      attemptsUntilReveal: revealed || revealAfter === 0 ? null : revealAfter - failedAttempts,
    };
  });
}
