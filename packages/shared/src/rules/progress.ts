/**
 * Progress arithmetic (spec 001 §4 Enrolment and Lesson progress).
 */

/** The enrolment's progress: the share of completed lessons, rounded to a whole percent; 0 without lessons. */
export function enrolmentProgress(completedLessons: number, totalLessons: number): number {
  if (totalLessons <= 0) return 0;
  return Math.min(100, Math.round((completedLessons / totalLessons) * 100));
}

/** True when every lesson is complete (001 §4: completed count equals the number of lessons). */
export function isCourseComplete(completedLessons: number, totalLessons: number): boolean {
  return totalLessons > 0 && completedLessons >= totalLessons;
}

/**
 * Quiz grading: the percentage of correct answers, rounded; passed when score ≥ passMark.
 * @param answers questionId → chosen index; questions with their correct index.
 */
export function gradeQuiz(
  questions: ReadonlyArray<{ id: string; correctIndex: number }>,
  answers: Readonly<Record<string, number>>,
  passMark: number,
): { score: number; correct: number; total: number; passed: boolean } {
  const total = questions.length;
  const correct = questions.filter((q) => answers[q.id] === q.correctIndex).length;
  const score = total === 0 ? 0 : Math.round((correct / total) * 100);
  return { score, correct, total, passed: total > 0 && score >= passMark };
}
