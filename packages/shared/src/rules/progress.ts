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

/** Reading speed of the minimum reading time, in words per minute (security finding #6). */
export const READING_WORDS_PER_MINUTE = 250;
/** Share of a text lesson's words that must have been read before it may be completed (#6). */
export const READING_SHARE = 0.2;
/** Most seconds of reading a text lesson may require (#6): 5 minutes. */
export const MAX_READING_SECONDS = 300;

/** Words of an HTML text: tags and entities removed, split on whitespace. */
export function countWords(html: string): number {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z0-9#]+;/gi, " ");
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/**
 * The least study time, in SECONDS, a text lesson needs before it may be completed (issue 25
 * item 5, security finding #6): the time to read 20% (READING_SHARE) of its words at 250 words per
 * minute (READING_WORDS_PER_MINUTE), rounded down to whole seconds and capped at 300 s
 * (MAX_READING_SECONDS). So `floor(words × 0.2 / 250 × 60)` = `floor(words × 0.048)`: a lesson
 * under 21 words needs none, 1,000 words need 48 s, 6,250 words or more need 5 minutes.
 * Checked on the server against the student's recorded time on the lesson (lesson_progress.time_spent).
 * @param html the lesson's HTML (content_data.html); words are counted by countWords.
 */
export function readingSeconds(html: string): number {
  const seconds = Math.floor(((countWords(html) * READING_SHARE) / READING_WORDS_PER_MINUTE) * 60);
  return Math.min(MAX_READING_SECONDS, seconds);
}
