import {
  type AchievementList,
  achievementListSchema,
  CHALLENGE_MESSAGES,
  type ChallengeDetail,
  challengeDetailSchema,
  challengeListSchema,
  type ErrorBody,
} from "@academy/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { achievementAwards, challengeParticipants, enrollments, profiles } from "../src/db/schema/index.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";

/**
 * Challenges (issue 13 §6) and achievements in the student's own time zone (decision 0191).
 * Progress is hand-computed from lesson_progress / learning_activity rows written here with
 * exact instants around local midnights (January: Ho Chi Minh City UTC+7, Los Angeles UTC−8,
 * New York UTC−5, no daylight saving time).
 */
let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator of course A
let dan: Account; // another creator (course D)
let stu: Account; // student of A, Asia/Ho_Chi_Minh
let sam: Account; // student of A, America/Los_Angeles
let una: Account; // student enrolled nowhere
let dee: Account; // student of D only
let courseA: string;
let courseD: string;
let lessonsA: string[];

// A challenge in the future (so students may join) with fixed local days.
const S = "2030-01-10";
const E = "2030-01-20";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}
async function enrol(who: Account, id: string) {
  const response = await call(who, "POST", `/api/courses/${id}/enroll`);
  if (response.status !== 200) throw new Error(`enrol failed: ${response.status} ${await response.text()}`);
}
async function setRole(who: Account, timeZone = "Asia/Ho_Chi_Minh") {
  await ctx.runtime.db
    .update(profiles)
    .set({ role: "student", time_zone: timeZone })
    .where(eq(profiles.user_id, who.userId));
}
async function create(who: Account, input: Record<string, unknown>): Promise<ChallengeDetail> {
  const response = await call(who, "POST", "/api/community/challenges", input);
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return challengeDetailSchema.parse(await response.json());
}
async function detail(who: Account, id: string): Promise<ChallengeDetail> {
  const response = await call(who, "GET", `/api/community/challenges/${id}`);
  expect(response.status).toBe(200);
  return challengeDetailSchema.parse(await response.json());
}
async function achievements(who: Account): Promise<AchievementList> {
  const response = await call(who, "GET", "/api/community/achievements");
  expect(response.status).toBe(200);
  return achievementListSchema.parse(await response.json());
}
/** Marks lesson `lessonId` of course A completed by `who` at the UTC instant `at`. */
async function completeAt(who: Account, lessonId: string, at: string, courseId = courseA) {
  await ctx.runtime.db.execute(sql`
    insert into lesson_progress (enrollment_id, lesson_id, student_id, is_completed, progress, completed_at, last_accessed)
    select e.id, ${lessonId}, ${who.userId}, true, 100, ${at}::timestamptz, ${at}::timestamptz
    from enrollments e where e.student_id = ${who.userId} and e.course_id = ${courseId}
    on conflict (enrollment_id, lesson_id) do update set is_completed = true, completed_at = excluded.completed_at`);
}
/**
 * Records `seconds` of study on a lesson at the instant `at` (a learning event; the rollup puts it
 * on the student's local day): the streak counts days with at least a minute (issue 24 §5).
 */
async function studiedAt(who: Account, lessonId: string, at: string, seconds = 120, courseId = courseA) {
  await ctx.runtime.db.execute(sql`
    insert into learning_events (enrollment_id, student_id, course_id, lesson_id, kind, seconds, occurred_at)
    select e.id, ${who.userId}, ${courseId}, ${lessonId}, 'time', ${seconds}, ${at}::timestamptz
    from enrollments e where e.student_id = ${who.userId} and e.course_id = ${courseId}`);
}
/** Adds `seconds` of study on the local day `day` to the learning_activity rollup. */
async function studied(who: Account, courseId: string, day: string, seconds: number) {
  await ctx.runtime.db.execute(sql`
    insert into learning_activity (student_id, course_id, day, hour, seconds, events)
    values (${who.userId}, ${courseId}, ${day}, 12, ${seconds}, 1)`);
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  dan = await signUpAndSignIn(ctx, { name: "Teacher Dan" });
  stu = await signUpAndSignIn(ctx, { name: "Nguyễn Văn Đức" });
  sam = await signUpAndSignIn(ctx, { name: "Student Sam" });
  una = await signUpAndSignIn(ctx, { name: "Student Una" });
  dee = await signUpAndSignIn(ctx, { name: "Student Dee" });
  await setRole(stu, "Asia/Ho_Chi_Minh");
  await setRole(sam, "America/Los_Angeles");
  await setRole(una);
  await setRole(dee);
  const lesson = (id: string) => ({
    id,
    title: `Lesson ${id}`,
    type: "text" as const,
    duration: 10,
    content: { type: "text" as const, html: "<p>Read.</p>" },
  });
  courseA = await publishCourse(
    ctx,
    cara.cookie,
    oneLessonDraft("Tiếng Việt cơ bản", {
      outline: [{ id: "s1", title: "Start", lessons: ["l1", "l2", "l3", "l4"].map(lesson) }],
    }),
  );
  courseD = await publishCourse(ctx, dan.cookie, oneLessonDraft("Dan's Guitar"));
  lessonsA = (
    (await ctx.runtime.db.execute(
      sql`select id from lessons where course_id = ${courseA} order by order_index asc`,
    )) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  await enrol(stu, courseA);
  await enrol(sam, courseA);
  await enrol(dee, courseD);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe("create (the course's creator only, validated)", () => {
  it("validates with readable messages and writes nothing on failure", async () => {
    const bad = async (input: Record<string, unknown>, message: string) => {
      const response = await call(cara, "POST", "/api/community/challenges", input);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await errorOf(response))).toContain(message);
    };
    const base = {
      courseId: courseA,
      title: "Sprint",
      goalKind: "lessons",
      goalTarget: 3,
      startsOn: S,
      endsOn: E,
    };
    await bad({ ...base, title: "  " }, CHALLENGE_MESSAGES.titleRequired);
    await bad({ ...base, goalTarget: 0 }, CHALLENGE_MESSAGES.target);
    await bad({ ...base, goalTarget: 2.5 }, CHALLENGE_MESSAGES.target);
    await bad({ ...base, startsOn: E, endsOn: S }, CHALLENGE_MESSAGES.dates);
    await bad({ ...base, endsOn: "2031-06-01" }, CHALLENGE_MESSAGES.tooLong);
    const list = challengeListSchema.parse(
      await (await call(cara, "GET", "/api/community/challenges")).json(),
    );
    expect(list.challenges).toEqual([]);
    expect(list.courses.map((c) => c.id)).toEqual([courseA]);
  });

  it("permission matrix: anonymous 401; a student, another creator cannot create; unknown ids 404", async () => {
    const input = { courseId: courseA, title: "X", goalKind: "hours", goalTarget: 1, startsOn: S, endsOn: E };
    expect((await call(null, "POST", "/api/community/challenges", input)).status).toBe(401);
    expect((await call(null, "GET", "/api/community/challenges")).status).toBe(401);
    expect((await call(stu, "POST", "/api/community/challenges", input)).status).toBe(403);
    expect((await call(dan, "POST", "/api/community/challenges", input)).status).toBe(403);
    expect(
      (await call(cara, "POST", "/api/community/challenges", { ...input, courseId: UNKNOWN_ID })).status,
    ).toBe(404);
    expect((await call(cara, "GET", `/api/community/challenges/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await call(cara, "GET", "/api/community/challenges/not-a-uuid")).status).toBe(404);
  });
});

describe("lessons challenge: progress in each student's time zone, leaderboard, badge", () => {
  let challenge: ChallengeDetail;

  beforeAll(async () => {
    challenge = await create(cara, {
      courseId: courseA,
      title: "Three lessons in ten days",
      goalKind: "lessons",
      goalTarget: 3,
      startsOn: S,
      endsOn: E,
    });
  });

  it("is listed for the course's members only; other course, unenrolled and other creator get 403", async () => {
    expect(challenge.status).toBe("upcoming");
    expect(challenge.canManage).toBe(true);
    expect(challenge.canJoin).toBe(false);
    const mine = challengeListSchema.parse(
      await (await call(stu, "GET", "/api/community/challenges")).json(),
    );
    expect(mine.challenges.map((c) => c.id)).toEqual([challenge.id]);
    expect(mine.challenges[0].canJoin).toBe(true);
    expect(mine.courses).toEqual([]);
    for (const who of [una, dee, dan]) {
      const list = challengeListSchema.parse(
        await (await call(who, "GET", "/api/community/challenges")).json(),
      );
      expect(list.challenges).toEqual([]);
      expect((await call(who, "GET", `/api/community/challenges/${challenge.id}`)).status).toBe(403);
      expect((await call(who, "POST", `/api/community/challenges/${challenge.id}/join`, {})).status).toBe(
        403,
      );
      expect((await call(who, "DELETE", `/api/community/challenges/${challenge.id}`)).status).toBe(403);
    }
    // The creator does not join their own challenge; a student cannot delete it.
    expect((await call(cara, "POST", `/api/community/challenges/${challenge.id}/join`, {})).status).toBe(403);
    expect((await call(stu, "DELETE", `/api/community/challenges/${challenge.id}`)).status).toBe(403);
  });

  it("counts lessons completed on the challenge's local days of each student (day edges)", async () => {
    expect(
      (await call(stu, "POST", `/api/community/challenges/${challenge.id}/join`, { hideName: true })).status,
    ).toBe(200);
    expect((await call(sam, "POST", `/api/community/challenges/${challenge.id}/join`, {})).status).toBe(200);
    // stu (UTC+7): 2030-01-09T17:30Z is 00:30 on the 10th (counts); 16:30Z is 23:30 on the 9th
    // (before the start); 2030-01-20T16:59Z is 23:59 on the 20th (counts); the 20th 17:00Z is the 21st.
    await completeAt(stu, lessonsA[0], "2030-01-09T17:30:00Z");
    await completeAt(stu, lessonsA[1], "2030-01-09T16:30:00Z");
    await completeAt(stu, lessonsA[2], "2030-01-20T16:59:00Z");
    await completeAt(stu, lessonsA[3], "2030-01-20T17:00:00Z");
    // sam (UTC−8): 2030-01-09T17:30Z is 09:30 on the 9th (before); the 10th 08:30Z is 00:30 on the
    // 10th (counts); the 21st 07:30Z is 23:30 on the 20th (counts); the 21st 08:00Z is the 21st (after).
    await completeAt(sam, lessonsA[0], "2030-01-09T17:30:00Z");
    await completeAt(sam, lessonsA[1], "2030-01-10T08:30:00Z");
    await completeAt(sam, lessonsA[2], "2030-01-21T07:30:00Z");
    await completeAt(sam, lessonsA[3], "2030-01-21T08:00:00Z");

    const forStu = await detail(stu, challenge.id);
    expect(forStu.me).toMatchObject({
      current: 2,
      target: 3,
      percent: 66,
      completedAt: null,
      hideName: true,
    });
    const forSam = await detail(sam, challenge.id);
    expect(forSam.me).toMatchObject({ current: 2, target: 3, percent: 66, completedAt: null, rank: 2 });
    // Ties rank by who joined first (stu).
    expect(forSam.leaderboard.map((e) => [e.rank, e.name, e.hidden, e.isMe, e.current])).toEqual([
      [1, null, true, false, 2],
      [2, "Student Sam", false, true, 2],
    ]);
    // stu sees their own name even though it is hidden from others.
    expect(forStu.leaderboard[0]).toMatchObject({ name: "Nguyễn Văn Đức", hidden: true, isMe: true });
    // The creator sees the participants too, names hidden as chosen.
    const forCara = await detail(cara, challenge.id);
    expect(forCara.participantCount).toBe(2);
    expect(forCara.leaderboard.map((e) => e.name)).toEqual([null, "Student Sam"]);
  });

  it("completing awards the Challenger badge once, through the achievement awards", async () => {
    expect((await achievements(sam)).achievements.find((a) => a.id === "challenger")?.earned).toBe(false);
    // sam's third lesson inside the days: 2030-01-15 noon in Los Angeles.
    await completeAt(sam, lessonsA[3], "2030-01-15T20:00:00Z");
    const forSam = await detail(sam, challenge.id);
    expect(forSam.me).toMatchObject({ current: 3, percent: 100, rank: 1 });
    expect(forSam.me?.completedAt).not.toBeNull();
    expect(forSam.completedCount).toBe(1);
    const list = await achievements(sam);
    expect(list.achievements.find((a) => a.id === "challenger")?.earned).toBe(true);
    const awards = await ctx.runtime.db
      .select()
      .from(achievementAwards)
      .where(and(eq(achievementAwards.user_id, sam.userId), eq(achievementAwards.achievement, "challenger")));
    expect(awards).toHaveLength(1);
    // Reading again changes nothing (the first completion and award stay).
    const again = await detail(stu, challenge.id);
    expect(again.leaderboard[0]).toMatchObject({
      rank: 1,
      name: "Student Sam",
      completedAt: forSam.me?.completedAt,
    });
    expect((await achievements(stu)).achievements.find((a) => a.id === "challenger")?.earned).toBe(false);
  });

  it("hide/show the name; leave; a removed member loses access and leaves the leaderboard", async () => {
    const shown = challengeDetailSchema.parse(
      await (
        await call(stu, "PUT", `/api/community/challenges/${challenge.id}/visibility`, { hideName: false })
      ).json(),
    );
    expect(shown.me?.hideName).toBe(false);
    expect((await detail(sam, challenge.id)).leaderboard[1]).toMatchObject({
      name: "Nguyễn Văn Đức",
      hidden: false,
    });
    const temp = await signUpAndSignIn(ctx, { name: "Temp" });
    await setRole(temp);
    await enrol(temp, courseA);
    expect((await call(temp, "POST", `/api/community/challenges/${challenge.id}/join`, {})).status).toBe(200);
    expect((await detail(cara, challenge.id)).participantCount).toBe(3);
    await ctx.runtime.db
      .update(enrollments)
      .set({ payment_status: "cancelled" })
      .where(and(eq(enrollments.student_id, temp.userId), eq(enrollments.course_id, courseA)));
    expect((await call(temp, "GET", `/api/community/challenges/${challenge.id}`)).status).toBe(403);
    expect((await detail(cara, challenge.id)).participantCount).toBe(2);
    expect((await call(temp, "POST", `/api/community/challenges/${challenge.id}/leave`)).status).toBe(403);
    // Leaving twice: the second answers 400.
    expect((await call(stu, "POST", `/api/community/challenges/${challenge.id}/leave`)).status).toBe(200);
    const left = await call(stu, "POST", `/api/community/challenges/${challenge.id}/leave`);
    expect(left.status).toBe(400);
    expect((await errorOf(left)).message).toBe(CHALLENGE_MESSAGES.notJoined);
  });
});

describe("hours challenge and ended challenges", () => {
  it("sums the course's study seconds of the local days S..E only", async () => {
    const hours = await create(cara, {
      courseId: courseA,
      title: "Two hours",
      goalKind: "hours",
      goalTarget: 2,
      startsOn: S,
      endsOn: E,
    });
    expect((await call(stu, "POST", `/api/community/challenges/${hours.id}/join`, {})).status).toBe(200);
    await studied(stu, courseA, "2030-01-09", 3600); // before
    await studied(stu, courseA, S, 1800);
    await studied(stu, courseA, E, 3600);
    await studied(stu, courseA, "2030-01-21", 600); // after
    await studied(stu, courseD, S, 7200); // another course (stu is not even enrolled there)
    const forStu = await detail(stu, hours.id);
    // 1800 + 3600 = 5400 s of 2 h = 7200 s → 75 %.
    expect(forStu.me).toMatchObject({ current: 5400, target: 7200, percent: 75, completedAt: null });
  });

  it("an ended challenge (in the student's time zone) refuses joins with 409", async () => {
    const ended = await create(cara, {
      courseId: courseA,
      title: "Last year",
      goalKind: "lessons",
      goalTarget: 1,
      startsOn: "2020-01-01",
      endsOn: "2020-01-31",
    });
    expect(ended.status).toBe("ended");
    const response = await call(stu, "POST", `/api/community/challenges/${ended.id}/join`, {});
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(CHALLENGE_MESSAGES.ended);
    const [{ n }] = (
      (await ctx.runtime.db.execute(
        sql`select count(*)::int as n from challenge_participants where challenge_id = ${ended.id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(0);
    expect((await call(cara, "DELETE", `/api/community/challenges/${ended.id}`)).status).toBe(200);
    expect((await call(cara, "GET", `/api/community/challenges/${ended.id}`)).status).toBe(404);
  });

  it("concurrent joins of one student give exactly one participant row", async () => {
    const race = await create(cara, {
      courseId: courseA,
      title: "Race",
      goalKind: "lessons",
      goalTarget: 1,
      startsOn: S,
      endsOn: E,
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(sam, "POST", `/api/community/challenges/${race.id}/join`, {})),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await ctx.runtime.db
      .select()
      .from(challengeParticipants)
      .where(eq(challengeParticipants.challenge_id, race.id));
    expect(rows).toHaveLength(1);
  });
});

describe("achievements count local hours and days in the student's profile time zone (decision 0191)", () => {
  it("Early Bird: 05:00 in New York is 17:00 in Ho Chi Minh City; 04:59 is not early", async () => {
    const ny = await signUpAndSignIn(ctx, { name: "New Yorker" });
    const hcm = await signUpAndSignIn(ctx, { name: "Saigonese" });
    const edge = await signUpAndSignIn(ctx, { name: "Night Owl" });
    await setRole(ny, "America/New_York");
    await setRole(hcm, "Asia/Ho_Chi_Minh");
    await setRole(edge, "America/New_York");
    for (const who of [ny, hcm, edge]) await enrol(who, courseA);
    // 2026-01-15T10:00Z = 05:00 in New York (EST, UTC−5) = 17:00 in Ho Chi Minh City.
    await completeAt(ny, lessonsA[0], "2026-01-15T10:00:00Z");
    await completeAt(hcm, lessonsA[0], "2026-01-15T10:00:00Z");
    // 09:59Z = 04:59 in New York: one minute before the window.
    await completeAt(edge, lessonsA[0], "2026-01-15T09:59:00Z");
    const early = async (who: Account) =>
      (await achievements(who)).achievements.find((a) => a.id === "earlyBird");
    expect((await early(ny))?.earned).toBe(true);
    expect((await early(hcm))?.earned).toBe(false);
    expect((await early(edge))?.earned).toBe(false);
    // A student in Ho Chi Minh City is early at 22:30Z the day before (05:30 local).
    await completeAt(hcm, lessonsA[1], "2026-01-14T22:30:00Z");
    expect((await early(hcm))?.earned).toBe(true);
  });

  it("the streak's days are the student's local days (a gap at midnight in one zone only)", async () => {
    const east = await signUpAndSignIn(ctx, { name: "East" });
    const west = await signUpAndSignIn(ctx, { name: "West" });
    await setRole(east, "Asia/Ho_Chi_Minh");
    await setRole(west, "America/Los_Angeles");
    for (const who of [east, west]) await enrol(who, courseA);
    // M = the last midnight in Ho Chi Minh City (UTC+7, no daylight saving time), local day D.
    const H = 3600_000;
    const now = Date.now();
    const M = Math.floor((now + 7 * H) / (24 * H)) * 24 * H - 7 * H;
    const at = (ms: number) => new Date(ms).toISOString();
    // One minute ago (D in HCM), D−1 01:30 and D−3 23:30 in HCM: days D, D−1, D−3 → streak 2.
    const instants = [now - 60_000, M - 22.5 * H, M - 48.5 * H];
    for (const who of [east, west]) {
      for (const [i, ms] of instants.entries()) await studiedAt(who, lessonsA[i], at(ms));
    }
    expect((await achievements(east)).streakDays).toBe(2);
    // In Los Angeles the last two are 26 h apart but on consecutive local days (D−2 and D−3);
    // "one minute ago" is local D−1 (then D−1, D−2, D−3: 3 days) or D (then D only: 1 day).
    const laDay = (ms: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", dateStyle: "short" }).format(
        new Date(ms),
      );
    const westExpected = laDay(now) === laDay(M - 22.5 * H + 24 * H) ? 3 : 1;
    expect(laDay(M - 22.5 * H)).not.toBe(laDay(M - 48.5 * H));
    expect((await achievements(west)).streakDays).toBe(westExpected);
  });
});
