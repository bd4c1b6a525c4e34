import {
  type AchievementList,
  achievementProgress,
  achievementSummary,
  FAST_LEARNER_DAYS,
} from "@academy/shared";
import type { Db } from "../../db/client.ts";
import type { SessionUser } from "../../lib/http.ts";
import { type StudentLearningFigures, studentLearningFigures } from "../learning/learning-figures.service.ts";
import { applyLearningRollups } from "../learning/learning-rollups.service.ts";
import { achievementFacts, insertAwards, listAwards } from "./achievements.queries.ts";
import { profileTimeZone, settleCompletions } from "./challenges.queries.ts";

// Achievements (issue 13 §4): computed from real data and awarded once.

/**
 * The time zone achievements count days in when a user has no profile (DESIGN.md §7 default);
 * otherwise their profiles.time_zone (decision 0191).
 */
export const ACHIEVEMENT_TIME_ZONE = "Asia/Ho_Chi_Minh";

/**
 * Computes the user's achievement facts from real data (enrolments, the learning figures' study
 * time and streak — `known` when the caller has them — lesson_progress,
 * certificates, answers marked in discussions, completed challenges) with local days and hours in
 * the user's profiles.time_zone (decision 0191), awards every achievement the shared rules say is
 * met and not held yet (insert-if-absent: idempotent, the first date stays), and returns the list
 * (issue 13 §4). The student dashboard's count calls this too.
 */
export async function awardAchievements(
  db: Db,
  userId: string,
  known?: StudentLearningFigures,
): Promise<AchievementList> {
  // Challenges reached since the last look count now (issue 13 §6 badge, decision 0192).
  await settleCompletions(db, userId);
  const timeZone = (await profileTimeZone(db, userId)) ?? ACHIEVEMENT_TIME_ZONE;
  const [row, figures] = await Promise.all([
    achievementFacts(db, userId, timeZone, FAST_LEARNER_DAYS),
    known ?? studentLearningFigures(db, userId),
  ]);
  const facts = {
    enrolments: Number(row.enrolments),
    // Study time and streak: the same figures as the dashboard and My Analytics (issue 24 §5).
    studySeconds: figures.totalSeconds,
    completedCourses: Number(row.completed_courses),
    earlyLessons: Number(row.early_lessons),
    certificates: Number(row.certificates),
    fastCompletions: Number(row.fast_completions),
    acceptedAnswers: Number(row.accepted_answers),
    streakDays: figures.currentStreak,
    completedChallenges: Number(row.completed_challenges),
  };
  const progress = achievementProgress(facts);
  const newlyEarned = await insertAwards(
    db,
    userId,
    progress.filter((p) => p.met).map((p) => p.id),
  );
  const awards = new Map((await listAwards(db, userId)).map((a) => [a.achievement, a]));
  const achievements = progress.map((p) => {
    const award = awards.get(p.id);
    const earnedAt = award?.awarded_at ?? null;
    return {
      id: p.id,
      earned: earnedAt !== null,
      earnedAt,
      progress: earnedAt !== null ? 100 : p.progress,
      current: p.current,
      target: p.target,
      shareId: award?.share_id ?? null,
    };
  });
  return {
    achievements,
    ...achievementSummary(achievements),
    streakDays: facts.streakDays,
    newlyEarned,
  };
}

/** The caller's achievements (see awardAchievements); learning events are folded into the rollups first (decision 0214). */
export async function getAchievements(db: Db, actor: SessionUser): Promise<AchievementList> {
  await applyLearningRollups(db);
  return awardAchievements(db, actor.id);
}
