/**
 * Achievements: ONE rule set (spec 001 §9 Student analytics achievements; spec 000 §2 Student
 * community Achievements; issue 13 §4). Each achievement is a threshold on one fact computed from
 * real data (enrolments, lesson_progress, certificates, discussions); the server awards it once
 * (achievement_awards) and the student dashboard counts the same awards.
 *
 * - firstSteps: any enrolment (001 §9).
 * - earlyBird: a lesson completed between 05:00 and 08:00 in the student's time zone (the spec
 *   names it without a rule; issue 13 decision 0130).
 * - dedicatedLearner: 10+ hours of study (sum of lesson_progress.time_spent) (001 §9).
 * - courseMaster: 1 completed course; speedLearner: 3 completed courses (001 §9).
 * - firstCourse: a first certificate of completion (000 §2 community).
 * - fastLearner: a course completed within 7 days of enrolling (000 §2 community).
 * - helper: 3 of the student's replies marked as the answer of someone else's discussion (000 §2
 *   community, issue 13; self-answers do not count, issue 25 N14).
 * - consistent: a 7-day streak of days with lesson activity (000 §2 "7 Days Streak").
 * - challenger: a creator's challenge completed (issue 13 §6 "a badge on completion"; decision 0192).
 *
 * Local days and hours are in the student's profiles.time_zone (decision 0191).
 */
export const ACHIEVEMENTS = [
  "firstSteps",
  "earlyBird",
  "dedicatedLearner",
  "courseMaster",
  "speedLearner",
  "firstCourse",
  "fastLearner",
  "helper",
  "consistent",
  "challenger",
] as const;
export type Achievement = (typeof ACHIEVEMENTS)[number];

/** The facts the rules read. Units: studySeconds in seconds, streakDays in days, others counts. */
export interface AchievementFacts {
  enrolments: number;
  studySeconds: number;
  completedCourses: number;
  /** Lessons completed between 05:00 and 08:00 local time. */
  earlyLessons?: number;
  certificates?: number;
  /** Courses completed within FAST_LEARNER_DAYS of enrolling. */
  fastCompletions?: number;
  /** Replies by the student marked as a discussion's answer. */
  acceptedAnswers?: number;
  /** Longest run of consecutive local days with lesson activity ending today or yesterday. */
  streakDays?: number;
  /** Challenges the student completed (challenge_participants.completed_at set). */
  completedChallenges?: number;
}

export const FAST_LEARNER_DAYS = 7;
export const DEDICATED_LEARNER_HOURS = 10;

/** Each achievement's fact and target (the threshold that earns it). */
export const ACHIEVEMENT_RULES: Record<
  Achievement,
  { target: number; fact: (f: AchievementFacts) => number }
> = {
  firstSteps: { target: 1, fact: (f) => f.enrolments },
  earlyBird: { target: 1, fact: (f) => f.earlyLessons ?? 0 },
  dedicatedLearner: { target: DEDICATED_LEARNER_HOURS * 3600, fact: (f) => f.studySeconds },
  courseMaster: { target: 1, fact: (f) => f.completedCourses },
  speedLearner: { target: 3, fact: (f) => f.completedCourses },
  firstCourse: { target: 1, fact: (f) => f.certificates ?? 0 },
  fastLearner: { target: 1, fact: (f) => f.fastCompletions ?? 0 },
  helper: { target: 3, fact: (f) => f.acceptedAnswers ?? 0 },
  consistent: { target: 7, fact: (f) => f.streakDays ?? 0 },
  challenger: { target: 1, fact: (f) => f.completedChallenges ?? 0 },
};

/** One achievement's standing: current value, target, whether the facts meet it, progress 0–100. */
export interface AchievementProgress {
  id: Achievement;
  current: number;
  target: number;
  met: boolean;
  progress: number;
}

/** Every achievement's progress from `facts`, in ACHIEVEMENTS order (progress floors to whole %). */
export function achievementProgress(facts: AchievementFacts): AchievementProgress[] {
  return ACHIEVEMENTS.map((id) => {
    const { target, fact } = ACHIEVEMENT_RULES[id];
    const current = Math.max(0, fact(facts));
    const met = current >= target;
    return { id, current, target, met, progress: met ? 100 : Math.floor((current / target) * 100) };
  });
}

/**
 * @param input the facts (see AchievementFacts; missing community facts count as 0).
 * @returns the achievements the facts meet, in ACHIEVEMENTS order.
 */
export function earnedAchievements(input: AchievementFacts): Achievement[] {
  return achievementProgress(input)
    .filter((a) => a.met)
    .map((a) => a.id);
}

/**
 * Summary of the Achievements tab (000 §2): earned count, in-progress count (progress > 0, not
 * earned) and average progress over all achievements where earned counts as 100 (whole %).
 */
export function achievementSummary(items: { earned: boolean; progress: number }[]) {
  const earnedCount = items.filter((a) => a.earned).length;
  const inProgressCount = items.filter((a) => !a.earned && a.progress > 0).length;
  const averageProgress = items.length
    ? Math.round(items.reduce((sum, a) => sum + (a.earned ? 100 : a.progress), 0) / items.length)
    : 0;
  return { earnedCount, inProgressCount, averageProgress };
}

/**
 * The current streak (consecutive days with activity) from distinct local day strings
 * (YYYY-MM-DD) and today's local day: counted back from today, or from yesterday when today has
 * no activity yet; 0 otherwise.
 */
export function streakDays(days: string[], today: string): number {
  const set = new Set(days);
  const step = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  };
  let cursor = set.has(today) ? today : step(today);
  let count = 0;
  while (set.has(cursor)) {
    count += 1;
    cursor = step(cursor);
  }
  return count;
}

/**
 * Each achievement's name and description in English and Vietnamese, for what the server renders
 * (the public achievement page's <head> and its Open Graph image, issue 27 §4). The web app's
 * `community` catalogues hold the same texts (a web test keeps them equal).
 */
export const ACHIEVEMENT_TEXTS: Record<
  Achievement,
  Record<"en" | "vi", { title: string; description: string }>
> = {
  firstSteps: {
    en: { title: "First Steps", description: "Enrol in your first course." },
    vi: { title: "Bước đầu tiên", description: "Ghi danh khóa học đầu tiên." },
  },
  earlyBird: {
    en: { title: "Early Bird", description: "Complete a lesson between 5 and 8 in the morning." },
    vi: { title: "Chim sớm", description: "Hoàn thành một bài học trong khoảng 5–8 giờ sáng." },
  },
  dedicatedLearner: {
    en: { title: "Dedicated Learner", description: "Study for 10 hours or more." },
    vi: { title: "Học viên chăm chỉ", description: "Học từ 10 giờ trở lên." },
  },
  courseMaster: {
    en: { title: "Course Master", description: "Complete a course." },
    vi: { title: "Bậc thầy khóa học", description: "Hoàn thành một khóa học." },
  },
  speedLearner: {
    en: { title: "Speed Learner", description: "Complete 3 courses." },
    vi: { title: "Học nhanh", description: "Hoàn thành 3 khóa học." },
  },
  firstCourse: {
    en: { title: "First Course", description: "Earn your first certificate." },
    vi: { title: "Khóa học đầu tiên", description: "Nhận chứng chỉ đầu tiên." },
  },
  fastLearner: {
    en: { title: "Fast Learner", description: "Complete a course within 7 days of enrolling." },
    vi: {
      title: "Tiếp thu nhanh",
      description: "Hoàn thành một khóa học trong vòng 7 ngày kể từ khi ghi danh.",
    },
  },
  helper: {
    en: { title: "Helper", description: "Have 3 of your replies marked as the answer." },
    vi: { title: "Người giúp đỡ", description: "Có 3 phản hồi được đánh dấu là câu trả lời." },
  },
  consistent: {
    en: { title: "Consistent Student", description: "Study 7 days in a row." },
    vi: { title: "Học viên chuyên cần", description: "Học 7 ngày liên tiếp." },
  },
  challenger: {
    en: { title: "Challenger", description: "Complete a challenge." },
    vi: { title: "Người chinh phục thử thách", description: "Hoàn thành một thử thách." },
  },
};
