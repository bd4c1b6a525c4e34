import type { PlayerCourse, PlayerLesson, QuizResult } from "@academy/shared";

/** Test data of the lesson player, shaped like GET /api/learn/{courseId}. */
export const COURSE_ID = "11111111-1111-4111-8111-111111111111";
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const progress = (isCompleted = false): PlayerLesson["progress"] => ({
  isCompleted,
  progress: isCompleted ? 100 : 0,
  timeSpent: 0,
  completedAt: isCompleted ? "2026-01-01T00:00:00.000Z" : null,
});

export const QUIZ_LESSON: PlayerLesson = {
  id: id(3),
  title: "Check your greetings",
  section: "Basics",
  orderIndex: 2,
  type: "quiz",
  duration: 5,
  content: {
    type: "quiz",
    passMark: 70,
    questions: [
      { id: "q1", question: "How do you say hello?", choices: ["Tạm biệt", "Xin chào", "Cảm ơn"] },
      { id: "q2", question: "How do you say thank you?", choices: ["Cảm ơn", "Xin lỗi"] },
    ],
  },
  progress: progress(),
};

export function playerCourse(
  overrides: Partial<PlayerCourse["enrolment"]> = {},
  completed: number[] = [],
): PlayerCourse {
  const list: PlayerLesson[] = [
    {
      id: id(1),
      title: "Welcome",
      section: "Basics",
      orderIndex: 0,
      type: "text",
      duration: 10,
      content: { type: "text", html: "<h2>Hello</h2><p>Welcome to the course.</p>" },
      progress: progress(),
    },
    {
      id: id(2),
      title: "Watch the greeting",
      section: "Basics",
      orderIndex: 1,
      type: "video",
      duration: 8,
      content: { type: "video", source: "youtube", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
      progress: progress(),
    },
    QUIZ_LESSON,
    {
      id: id(4),
      title: "More to come",
      section: "Next steps",
      orderIndex: 3,
      type: "text",
      duration: 0,
      content: { type: "text", html: "" },
      progress: progress(),
    },
  ];
  const lessons = list.map((lesson, i) =>
    completed.includes(i) ? { ...lesson, progress: progress(true) } : lesson,
  );
  return {
    course: { id: COURSE_ID, title: "Vietnamese for beginners", thumbnailUrl: null, creatorId: "creator" },
    enrolment: {
      id: "22222222-2222-4222-8222-222222222222",
      progress: Math.round((completed.length / lessons.length) * 100),
      isCompleted: false,
      completionDate: null,
      certificateIssued: false,
      certificateUrl: null,
      lastLessonId: null,
      ...overrides,
    },
    lessons,
  };
}

export const LESSON_IDS = [id(1), id(2), id(3), id(4)] as const;

/**
 * A graded quiz: q1 right, q2 wrong → 50%, not passed. `revealed` false: the server kept the
 * answer key back (correctIndex null, 2 more failed attempts before it shows them).
 */
export function quizResult(passed = false, revealed = true): QuizResult {
  const key = (index: number) => (revealed ? index : null);
  return {
    score: passed ? 100 : 50,
    passMark: 70,
    passed,
    correct: passed ? 2 : 1,
    total: 2,
    results: {
      q1: { chosen: 1, correctIndex: key(1), isCorrect: true },
      q2: { chosen: passed ? 0 : 1, correctIndex: key(0), isCorrect: passed },
    },
    answersRevealed: revealed,
    failedAttempts: passed ? 0 : 1,
    attemptsUntilReveal: revealed ? null : 2,
    progress: {
      lesson: {
        isCompleted: passed,
        progress: passed ? 100 : 0,
        timeSpent: 0,
        completedAt: passed ? "2026-01-02T00:00:00.000Z" : null,
      },
      enrolment: playerCourse({}, passed ? [2] : []).enrolment,
    },
  };
}

/** A JSON Response like the server's. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
