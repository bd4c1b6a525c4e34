import {
  CHALLENGE_LEADERBOARD_SIZE,
  CHALLENGE_MESSAGES,
  type Challenge,
  type ChallengeDetail,
  type ChallengeList,
  type createChallengeSchema,
  type LeaderboardEntry,
} from "@academy/shared";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { applyLearningRollups } from "../learning/learning-rollups.service.ts";
import { awardAchievements } from "./achievements.service.ts";
import {
  type ChallengeRow,
  deleteChallengeRow,
  deleteParticipant,
  findChallengeRow,
  insertChallenge,
  isEnrolled,
  listChallengeRows,
  ownCourses,
  participantIds,
  type StandingRow,
  setHideName,
  settleCompletions,
  standingRows,
  upsertParticipant,
} from "./challenges.queries.ts";
import { findCourse } from "./community.queries.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function statusOf(row: ChallengeRow): Challenge["status"] {
  if (row.today < row.starts_on) return "upcoming";
  if (row.today > row.ends_on) return "ended";
  return "active";
}

const percentOf = (current: number, target: number) =>
  current >= target ? 100 : Math.floor((Math.max(0, current) / target) * 100);

function toChallenge(
  row: ChallengeRow,
  actor: SessionUser,
  standings: StandingRow[] | null,
  enrolled: boolean,
): Challenge {
  const status = statusOf(row);
  const index = standings ? standings.findIndex((s) => s.user_id === actor.id) : -1;
  const mine = standings && index >= 0 ? standings[index] : null;
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course_title,
    title: row.title,
    description: row.description,
    goalKind: row.goal_kind,
    goalTarget: Number(row.goal_target),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    status,
    participantCount: Number(row.participant_count),
    completedCount: Number(row.completed_count),
    me: mine
      ? {
          current: Number(mine.current),
          target: Number(mine.target),
          percent: percentOf(Number(mine.current), Number(mine.target)),
          completedAt: mine.completed_at,
          hideName: Boolean(mine.hide_name),
          rank: index + 1,
        }
      : null,
    canJoin: enrolled && !row.joined && status !== "ended" && row.creator_id !== actor.id,
    canManage: row.creator_id === actor.id,
  };
}

/**
 * Marks every participant of `challengeId` (or every challenge of `userId`) who reached the goal
 * as completed, and awards their achievements (the "challenger" badge) through the one award
 * path (awardAchievements; issue 13 §4, §6).
 */
async function settle(db: Executor, by: { challengeId: string } | { userId: string }) {
  const users = "userId" in by ? [by.userId] : await participantIds(db, by.challengeId);
  for (const userId of users) {
    if ((await settleCompletions(db, userId)) > 0) await awardAchievements(db, userId);
  }
}

/**
 * The challenge when the caller may see it: the course's creator or a student with a
 * non-cancelled enrolment (checked on every call: a removed member loses access at once).
 * @throws AppError NOT_FOUND (unknown or malformed id), FORBIDDEN.
 */
async function visibleChallenge(db: Executor, actor: SessionUser, id: string) {
  const row = UUID.test(id) ? await findChallengeRow(db, actor.id, id) : undefined;
  if (!row) throw new AppError("NOT_FOUND", CHALLENGE_MESSAGES.notFound);
  const enrolled = row.creator_id === actor.id ? false : await isEnrolled(db, actor.id, row.course_id);
  if (row.creator_id !== actor.id && !enrolled) throw new AppError("FORBIDDEN", CHALLENGE_MESSAGES.noAccess);
  return { row, enrolled };
}

/**
 * Challenges of the caller's courses (own or enrolled), running first (issue 13 §6), with the
 * caller's progress and rank in those they joined, and the courses they may create one for.
 */
export async function listChallenges(db: Db, actor: SessionUser, courseId?: string): Promise<ChallengeList> {
  await applyLearningRollups(db); // hours goals read learning_activity (decision 0214)
  await settle(db, { userId: actor.id });
  const rows = await listChallengeRows(db, actor.id, courseId && UUID.test(courseId) ? courseId : undefined);
  const challenges: Challenge[] = [];
  for (const row of rows) {
    const standings = row.joined ? await standingRows(db, row.id) : null;
    const enrolled = row.creator_id !== actor.id;
    challenges.push(toChallenge(row, actor, standings, enrolled));
  }
  return { challenges, courses: await ownCourses(db, actor.id) };
}

/**
 * One challenge with its leaderboard: the top CHALLENGE_LEADERBOARD_SIZE participants plus the
 * caller's own row; a participant who hides their name appears as hidden to everyone else.
 * @throws AppError NOT_FOUND, FORBIDDEN.
 */
export async function getChallenge(db: Db, actor: SessionUser, id: string): Promise<ChallengeDetail> {
  await visibleChallenge(db, actor, id);
  await applyLearningRollups(db); // hours goals read learning_activity (decision 0214)
  await settle(db, { challengeId: id });
  const { row, enrolled } = await visibleChallenge(db, actor, id);
  const standings = await standingRows(db, row.id);
  const leaderboard: LeaderboardEntry[] = [];
  standings.forEach((s, i) => {
    const isMe = s.user_id === actor.id;
    if (i >= CHALLENGE_LEADERBOARD_SIZE && !isMe) return;
    const hidden = Boolean(s.hide_name);
    leaderboard.push({
      rank: i + 1,
      name: hidden && !isMe ? null : s.name,
      hidden,
      isMe,
      current: Number(s.current),
      percent: percentOf(Number(s.current), Number(s.target)),
      completedAt: s.completed_at,
    });
  });
  return { ...toChallenge(row, actor, standings, enrolled), leaderboard };
}

/**
 * Creates a challenge for a course the caller created (issue 13 §6).
 * @throws AppError NOT_FOUND (unknown course), FORBIDDEN (not the course's creator).
 */
export async function createChallenge(
  db: Db,
  actor: SessionUser,
  input: z.output<typeof createChallengeSchema>,
): Promise<ChallengeDetail> {
  const course = await findCourse(db, input.courseId);
  if (!course) throw new AppError("NOT_FOUND", CHALLENGE_MESSAGES.chooseCourse);
  if (course.creator_id !== actor.id) throw new AppError("FORBIDDEN", CHALLENGE_MESSAGES.notCreator);
  const id = await db.transaction((tx) =>
    insertChallenge(tx, {
      courseId: course.id,
      creatorId: actor.id,
      title: input.title,
      description: input.description,
      goalKind: input.goalKind,
      goalTarget: input.goalTarget,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
    }),
  );
  return getChallenge(db, actor, id);
}

/** Deletes a challenge (the course's creator). @throws AppError NOT_FOUND, FORBIDDEN. */
export async function deleteChallenge(db: Db, actor: SessionUser, id: string): Promise<void> {
  const { row } = await visibleChallenge(db, actor, id);
  if (row.creator_id !== actor.id) throw new AppError("FORBIDDEN", CHALLENGE_MESSAGES.notCreator);
  await db.transaction((tx) => deleteChallengeRow(tx, row.id));
}

/**
 * Joins the challenge (a student of the course, before it ends in their time zone); joining
 * again only changes hideName. @throws AppError NOT_FOUND, FORBIDDEN, CONFLICT (ended).
 */
export async function joinChallenge(
  db: Db,
  actor: SessionUser,
  id: string,
  hideName: boolean,
): Promise<ChallengeDetail> {
  const { row, enrolled } = await visibleChallenge(db, actor, id);
  if (!enrolled) throw new AppError("FORBIDDEN", CHALLENGE_MESSAGES.studentsOnly);
  if (statusOf(row) === "ended") throw new AppError("CONFLICT", CHALLENGE_MESSAGES.ended);
  await db.transaction((tx) => upsertParticipant(tx, row.id, actor.id, hideName));
  return getChallenge(db, actor, id);
}

/** Leaves the challenge. @throws AppError NOT_FOUND, FORBIDDEN, BAD_REQUEST (not joined). */
export async function leaveChallenge(db: Db, actor: SessionUser, id: string): Promise<void> {
  const { row } = await visibleChallenge(db, actor, id);
  const left = await db.transaction((tx) => deleteParticipant(tx, row.id, actor.id));
  if (!left) throw new AppError("BAD_REQUEST", CHALLENGE_MESSAGES.notJoined);
}

/** Shows or hides the caller's name on the leaderboard. @throws AppError NOT_FOUND, FORBIDDEN, BAD_REQUEST. */
export async function setChallengeVisibility(
  db: Db,
  actor: SessionUser,
  id: string,
  hideName: boolean,
): Promise<ChallengeDetail> {
  const { row } = await visibleChallenge(db, actor, id);
  const done = await db.transaction((tx) => setHideName(tx, row.id, actor.id, hideName));
  if (!done) throw new AppError("BAD_REQUEST", CHALLENGE_MESSAGES.notJoined);
  return getChallenge(db, actor, id);
}
