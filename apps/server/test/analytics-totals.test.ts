import type { CreatorAlerts, CreatorEngagement, CreatorOverview } from "@academy/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  courseDayTotals,
  courseHourTotals,
  courses,
  creatorDayTotals,
  creatorStudents,
  enrollments,
  landingPageAnalytics,
  landingPages,
  learningActivity,
  learningDays,
  learningEvents,
  learningQuizBest,
  lessonProgress,
  lessons,
  profiles,
} from "../src/db/schema/index.ts";
import { appendLearningEvent } from "../src/features/learning/learning-events.queries.ts";
import { applyLearningRollups } from "../src/features/learning/learning-rollups.service.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";

/**
 * Decision 0216: the totals the rollup applier keeps beside the rollups, creator_students kept by
 * triggers, the event log's cascades without foreign keys, the stop alert's tie rule, and the
 * 15-minute slots of the range series. Every expectation is worked out by hand in the test.
 */

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account;
const db = () => ctx.runtime.db;
const at = (iso: string) => new Date(iso);

async function student(name: string, timeZone?: string): Promise<Account> {
  const who = await signUpAndSignIn(ctx, { name });
  await db()
    .update(profiles)
    .set({ role: "student", ...(timeZone ? { time_zone: timeZone } : {}) })
    .where(eq(profiles.user_id, who.userId));
  return who;
}

async function enrolment(
  who: Account,
  courseId: string,
  values: Partial<typeof enrollments.$inferInsert> = {},
) {
  const [row] = await db()
    .insert(enrollments)
    .values({ student_id: who.userId, course_id: courseId, ...values })
    .returning({ id: enrollments.id });
  return row.id;
}

async function lessonIds(courseId: string): Promise<string[]> {
  const rows = await db()
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.course_id, courseId))
    .orderBy(asc(lessons.order_index));
  return rows.map((r) => r.id);
}

const textLessons = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `l${i + 1}`,
    title: `Lesson ${i + 1}`,
    type: "text" as const,
    duration: 10,
    content: { type: "text" as const, html: `<p>${i + 1}</p>` },
  }));

async function course(title: string, lessonCount: number): Promise<string> {
  return publishCourse(
    ctx,
    cara.cookie,
    oneLessonDraft(title, { outline: [{ id: "s1", title: "S", lessons: textLessons(lessonCount) }] }),
  );
}

async function get<T>(path: string): Promise<T> {
  const r = await ctx.request(path, { cookie: cara.cookie });
  expect(r.status).toBe(200);
  return (await r.json()) as T;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000", LEARNING_TIME_CAP: "false" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
}, 30_000);

afterAll(async () => {
  await ctx?.close();
});

describe("totals kept by the rollup applier (decision 0216)", () => {
  it("counts each active student once per day across passes, and sums seconds per day and hour", async () => {
    const c1 = await course("Totals one", 2);
    const c2 = await course("Totals two", 1);
    const [l1] = await lessonIds(c1);
    const [l2] = await lessonIds(c2);
    const ann = await student("Ann");
    const bob = await student("Bob", "UTC");
    const annC1 = await enrolment(ann, c1);
    const annC2 = await enrolment(ann, c2);
    const bobC1 = await enrolment(bob, c1);
    const ev = (
      enrollmentId: string,
      who: Account,
      courseId: string,
      lessonId: string,
      iso: string,
      s: number,
    ) =>
      appendLearningEvent(db(), {
        enrollmentId,
        studentId: who.userId,
        courseId,
        lessonId,
        kind: "time",
        seconds: s,
        occurredAt: at(iso),
      });
    // Pass 1. Ann (UTC+7): 2026-05-04 09:10 local in c1 and c2; Bob (UTC): 2026-05-04 02:30 in c1.
    await ev(annC1, ann, c1, l1, "2026-05-04T02:10:00Z", 60);
    await ev(annC2, ann, c2, l2, "2026-05-04T02:20:00Z", 30);
    await ev(bobC1, bob, c1, l1, "2026-05-04T02:30:00Z", 90);
    await applyLearningRollups(db());
    // Pass 2: Ann again the same local day in c1 (not a new active student), and the next local day.
    await ev(annC1, ann, c1, l1, "2026-05-04T03:40:00Z", 45);
    await ev(annC1, ann, c1, l1, "2026-05-04T17:30:00Z", 15); // 00:30 on 5 May in UTC+7
    await applyLearningRollups(db());

    const days = await db()
      .select({
        course: courseDayTotals.course_id,
        day: courseDayTotals.day,
        students: courseDayTotals.students,
        seconds: courseDayTotals.seconds,
        events: courseDayTotals.events,
      })
      .from(courseDayTotals)
      .where(sql`${courseDayTotals.course_id} in (${c1}::uuid, ${c2}::uuid)`)
      .orderBy(asc(courseDayTotals.day), asc(courseDayTotals.students));
    const byKey = new Map(days.map((d) => [`${d.course === c1 ? "c1" : "c2"} ${d.day}`, d]));
    expect(byKey.get("c1 2026-05-04")).toMatchObject({ students: 2, seconds: 60 + 90 + 45, events: 3 });
    expect(byKey.get("c2 2026-05-04")).toMatchObject({ students: 1, seconds: 30, events: 1 });
    expect(byKey.get("c1 2026-05-05")).toMatchObject({ students: 1, seconds: 15, events: 1 });
    expect(days).toHaveLength(3);

    const creator = await db()
      .select({
        day: creatorDayTotals.day,
        students: creatorDayTotals.students,
        seconds: creatorDayTotals.seconds,
      })
      .from(creatorDayTotals)
      .where(eq(creatorDayTotals.creator_id, cara.userId))
      .orderBy(asc(creatorDayTotals.day));
    // Ann counts once on 4 May although she studied both courses.
    expect(creator).toEqual([
      { day: "2026-05-04", students: 2, seconds: 225 },
      { day: "2026-05-05", students: 1, seconds: 15 },
    ]);

    const hours = await db()
      .select({ day: courseHourTotals.day, hour: courseHourTotals.hour, seconds: courseHourTotals.seconds })
      .from(courseHourTotals)
      .where(eq(courseHourTotals.course_id, c1))
      .orderBy(asc(courseHourTotals.day), asc(courseHourTotals.hour));
    expect(hours).toEqual([
      { day: "2026-05-04", hour: 2, seconds: 90 }, // Bob, UTC
      { day: "2026-05-04", hour: 9, seconds: 60 }, // Ann, 09:10 local
      { day: "2026-05-04", hour: 10, seconds: 45 }, // Ann, 10:40 local
      { day: "2026-05-05", hour: 0, seconds: 15 },
    ]);

    // The totals equal the per-student rollups summed.
    const [check] = (
      (await db().execute(sql`
      select (select count(*) from ${learningDays} where course_id = ${c1}::uuid and day = '2026-05-04')::int as students,
             (select sum(seconds) from ${learningActivity} where course_id = ${c1}::uuid)::int as seconds`)) as unknown as {
        rows: Array<{ students: number; seconds: number }>;
      }
    ).rows;
    expect(check).toEqual({ students: 2, seconds: 210 });

    // Engagement reads the totals: Ann and Bob on 4 May in Cara's time zone.
    const engagement = await get<CreatorEngagement>(
      `/api/analytics/creator/engagement?from=2026-05-04&to=2026-05-05&courseId=${c1}`,
    );
    expect(engagement.daily).toEqual([
      { date: "2026-05-04", activeStudents: 2, secondsPerActiveStudent: Math.round(195 / 2) },
      { date: "2026-05-05", activeStudents: 1, secondsPerActiveStudent: 15 },
    ]);
  });

  it("keeps each enrolment's best quiz score and whether any attempt passed, folded once or twice alike", async () => {
    const c = await course("Quiz best", 1);
    const [l] = await lessonIds(c);
    const eve = await student("Eve");
    const e = await enrolment(eve, c);
    const attempt = (score: number, passed: boolean) =>
      appendLearningEvent(db(), {
        enrollmentId: e,
        studentId: eve.userId,
        courseId: c,
        lessonId: l,
        kind: "quiz",
        seconds: 0,
        score,
        passed,
      });
    await attempt(60, false);
    await applyLearningRollups(db());
    const best = () =>
      db()
        .select({ score: learningQuizBest.score, passed: learningQuizBest.passed })
        .from(learningQuizBest)
        .where(eq(learningQuizBest.enrollment_id, e));
    expect(await best()).toEqual([{ score: 60, passed: 0 }]);
    await attempt(90, true);
    await attempt(70, false);
    await applyLearningRollups(db());
    expect(await best()).toEqual([{ score: 90, passed: 1 }]);
    await attempt(40, false);
    await applyLearningRollups(db());
    expect(await best()).toEqual([{ score: 90, passed: 1 }]);
  });
});

describe("the event log without foreign keys (decision 0216)", () => {
  it("deletes a removed enrolment's events and quiz bests, never folds them, and clears a deleted lesson's id", async () => {
    const c = await course("Cascades", 2);
    const [la, lb] = await lessonIds(c);
    const fay = await student("Fay");
    const gus = await student("Gus");
    const fe = await enrolment(fay, c);
    const ge = await enrolment(gus, c);
    const time = (enrollmentId: string, who: Account, seconds: number, iso: string) =>
      appendLearningEvent(db(), {
        enrollmentId,
        studentId: who.userId,
        courseId: c,
        lessonId: lb,
        kind: "time",
        seconds,
        occurredAt: at(iso),
      });
    for (const [enrollmentId, who] of [
      [fe, fay],
      [ge, gus],
    ] as const) {
      await appendLearningEvent(db(), {
        enrollmentId,
        studentId: who.userId,
        courseId: c,
        lessonId: la,
        kind: "quiz",
        seconds: 0,
        score: 80,
        passed: true,
      });
      await time(enrollmentId, who, 30, "2026-06-01T03:00:00Z");
    }
    await applyLearningRollups(db());
    // Gus's next event is still pending when his enrolment is removed.
    await time(ge, gus, 600, "2026-06-01T03:05:00Z");
    await db().delete(enrollments).where(eq(enrollments.id, ge));
    const events = async (enrollmentId: string) =>
      (await db().select().from(learningEvents).where(eq(learningEvents.enrollment_id, enrollmentId))).length;
    expect(await events(ge)).toBe(0);
    expect(await events(fe)).toBe(2);
    expect(await db().select().from(learningQuizBest).where(eq(learningQuizBest.enrollment_id, ge))).toEqual(
      [],
    );
    // An event whose enrolment is gone is never folded (as the foreign key's cascade did).
    await time(ge, gus, 900, "2026-06-01T03:06:00Z");
    await applyLearningRollups(db());
    const [gusDay] = await db()
      .select({ seconds: learningDays.seconds })
      .from(learningDays)
      .where(and(eq(learningDays.student_id, gus.userId), eq(learningDays.course_id, c)));
    expect(gusDay.seconds).toBe(30);

    // Deleting a lesson keeps its events with lesson_id null.
    await db().delete(lessons).where(eq(lessons.id, lb));
    const fays = await db()
      .select({ kind: learningEvents.kind, lesson: learningEvents.lesson_id })
      .from(learningEvents)
      .where(eq(learningEvents.enrollment_id, fe))
      .orderBy(asc(learningEvents.kind));
    expect(fays).toEqual([
      { kind: "quiz", lesson: la },
      { kind: "time", lesson: null },
    ]);
  });
});

describe("creator_students (decision 0216)", () => {
  it("holds each student's first paid enrolment with the creator through inserts, payments, removals and course deletion", async () => {
    const x = await course("First X", 1);
    const y = await course("First Y", 1);
    const hal = await student("Hal");
    const ivy = await student("Ivy");
    const first = async (who: Account) => {
      const rows = await db()
        .select({ at: creatorStudents.first_enrolled_at })
        .from(creatorStudents)
        .where(and(eq(creatorStudents.creator_id, cara.userId), eq(creatorStudents.student_id, who.userId)));
      return rows.length === 0 ? null : rows[0].at.toISOString();
    };
    const hx = await enrolment(hal, x, { enrollment_date: at("2026-02-10T00:00:00Z") });
    expect(await first(hal)).toBe("2026-02-10T00:00:00.000Z");
    // An earlier paid enrolment in another of Cara's courses moves it back.
    await enrolment(hal, y, { enrollment_date: at("2026-01-05T00:00:00Z") });
    expect(await first(hal)).toBe("2026-01-05T00:00:00.000Z");
    // A pending enrolment does not count until it is paid.
    const iy = await enrolment(ivy, y, {
      payment_status: "pending",
      enrollment_date: at("2026-03-01T00:00:00Z"),
    });
    expect(await first(ivy)).toBeNull();
    await db().update(enrollments).set({ payment_status: "completed" }).where(eq(enrollments.id, iy));
    expect(await first(ivy)).toBe("2026-03-01T00:00:00.000Z");
    await db().update(enrollments).set({ payment_status: "cancelled" }).where(eq(enrollments.id, iy));
    expect(await first(ivy)).toBeNull();
    // Removing Hal's X enrolment leaves Y's date; deleting course Y removes him.
    await db().delete(enrollments).where(eq(enrollments.id, hx));
    expect(await first(hal)).toBe("2026-01-05T00:00:00.000Z");
    await enrolment(hal, x, { enrollment_date: at("2026-04-01T00:00:00Z") });
    expect(await first(hal)).toBe("2026-01-05T00:00:00.000Z");
    await db().delete(courses).where(eq(courses.id, y));
    expect(await first(hal)).toBe("2026-04-01T00:00:00.000Z");
    await db().delete(courses).where(eq(courses.id, x));
    expect(await first(hal)).toBeNull();
  });

  it("gives Total Students and Retention from it: a student in two courses counts once", async () => {
    const p = await course("Cards P", 1);
    const q = await course("Cards Q", 1);
    const [lp] = await lessonIds(p);
    const jo = await student("Jo");
    const kim = await student("Kim");
    const jp = await enrolment(jo, p, { enrollment_date: at("2026-07-01T03:00:00Z") });
    await enrolment(jo, q, { enrollment_date: at("2026-07-20T03:00:00Z") });
    await enrolment(kim, q, { enrollment_date: at("2026-07-25T03:00:00Z") });
    // Jo studies on 29 July (local); Kim does not.
    await appendLearningEvent(db(), {
      enrollmentId: jp,
      studentId: jo.userId,
      courseId: p,
      lessonId: lp,
      kind: "time",
      seconds: 120,
      occurredAt: at("2026-07-29T03:00:00Z"),
    });
    // The period ends at 2026-07-31T17:00Z (midnight in UTC+7); eligible for retention: first
    // enrolled before 2026-07-17T17:00Z. The other tests' students enrolled after July (now) or
    // were removed, so Cara's students before the end are Jo (once, for two courses) and Kim.
    const all = await get<CreatorOverview>("/api/analytics/creator/overview?from=2026-07-01&to=2026-07-31");
    expect(all.cards.totalStudents.value).toBe(2);
    expect(all.cards.retention.value).toBe(100); // Jo: eligible (1 July) and active on 29 July
    // Course Q alone: Jo (20 July) and Kim (25 July), neither enrolled 14 days before the end.
    const onlyQ = await get<CreatorOverview>(
      `/api/analytics/creator/overview?from=2026-07-01&to=2026-07-31&courseId=${q}`,
    );
    expect(onlyQ.cards.totalStudents.value).toBe(2);
    expect(onlyQ.cards.retention.value).toBeNull();
    // Course P: Jo enrolled 1 July (eligible) and active 29 July → retention 100%.
    const onlyP = await get<CreatorOverview>(
      `/api/analytics/creator/overview?from=2026-07-01&to=2026-07-31&courseId=${p}`,
    );
    expect(onlyP.cards.totalStudents.value).toBe(1);
    expect(onlyP.cards.retention.value).toBe(100);
  });
});

describe("lesson drop-off and the stop alert (decision 0216)", () => {
  it("counts paid enrolments only, and at equal positions counts a student at each tied lesson they reached", async () => {
    const c = await course("Ties", 3);
    const [l1, l2, l3] = await lessonIds(c);
    // Lessons 1 and 2 share their position: same order_index and created_at.
    await db().execute(
      sql`update ${lessons} set order_index = 0, created_at = (select created_at from ${lessons} where id = ${l1}::uuid)
           where id = ${l2}::uuid`,
    );
    await db().update(lessons).set({ order_index: 0 }).where(eq(lessons.id, l1));
    const people = await Promise.all(["Xan", "Yul", "Zed", "Wes", "Vic"].map((n) => student(n)));
    const [xan, yul, zed, wes, vic] = people;
    const rows = async (
      who: Account,
      values: Partial<typeof enrollments.$inferInsert>,
      reached: string[],
      done: string[],
    ) => {
      const e = await enrolment(who, c, values);
      for (const lesson of reached)
        await db()
          .insert(lessonProgress)
          .values({
            enrollment_id: e,
            lesson_id: lesson,
            student_id: who.userId,
            is_completed: done.includes(lesson),
            progress: done.includes(lesson) ? 100 : 0,
          });
    };
    await rows(xan, {}, [l1], [l1]); // stops at lesson 1
    await rows(yul, {}, [l1, l2], []); // stops at lessons 1 and 2 (same position)
    await rows(zed, {}, [l1, l3], [l1]); // went on to lesson 3
    await rows(wes, { is_completed: true, progress: 100 }, [l2], [l2]); // completed the course
    await rows(vic, { payment_status: "pending" }, [l1], [l1]); // not paid: not counted

    const alerts = await get<CreatorAlerts>(
      `/api/analytics/creator/alerts?from=2026-01-01&to=2026-01-31&courseId=${c}`,
    );
    const stops = alerts.dropOffLessons
      .map((l) => ({ lesson: l.lessonId, reached: l.reached, stopped: l.stopped }))
      .sort((a, b) => a.lesson.localeCompare(b.lesson));
    expect(stops).toEqual(
      [
        { lesson: l1, reached: 3, stopped: 2 }, // Xan, Yul, Zed reached; Xan and Yul stopped
        { lesson: l2, reached: 2, stopped: 1 }, // Yul and Wes reached; Yul stopped
      ].sort((a, b) => a.lesson.localeCompare(b.lesson)),
    );

    const engagement = await get<CreatorEngagement>(
      `/api/analytics/creator/engagement?from=2026-01-01&to=2026-01-31&courseId=${c}`,
    );
    const drop = new Map(engagement.dropOff.map((d) => [d.lessonId, d]));
    // Four paid enrolments; completions: lesson 1 by Xan and Zed (Vic unpaid), lesson 2 by Wes.
    expect(drop.get(l1)).toMatchObject({ enrolled: 4, completed: 2 });
    expect(drop.get(l2)).toMatchObject({ enrolled: 4, completed: 1 });
    expect(drop.get(l3)).toMatchObject({ enrolled: 4, completed: 0 });
  });
});

describe("15-minute slots of the range series (decision 0216)", () => {
  it("puts instants either side of local midnight in Asia/Kathmandu (UTC+5:45) on their own days", async () => {
    const c = await course("Slots", 1);
    await db().update(profiles).set({ time_zone: "Asia/Kathmandu" }).where(eq(profiles.user_id, cara.userId));
    try {
      const who = await Promise.all(["Sam", "Tia", "Uma"].map((n) => student(n)));
      // Local midnight of 4 March in UTC+5:45 is 18:15 UTC on 3 March.
      await enrolment(who[0], c, { enrollment_date: at("2026-03-03T18:14:59Z"), utm_source: "zalo" });
      await enrolment(who[1], c, { enrollment_date: at("2026-03-03T18:15:00Z") });
      await enrolment(who[2], c, { enrollment_date: at("2026-03-03T18:29:59Z") });
      const [page] = await db()
        .insert(landingPages)
        .values({ creator_id: cara.userId, title: "Slots page", slug: `slots-${Date.now()}`, course_id: c })
        .returning({ id: landingPages.id });
      await db()
        .insert(landingPageAnalytics)
        .values([
          {
            landing_page_id: page.id,
            event_type: "view",
            created_at: at("2026-03-03T18:14:00Z"),
            referrer: "https://l.facebook.com/x",
          },
          {
            landing_page_id: page.id,
            event_type: "view",
            created_at: at("2026-03-03T18:16:00Z"),
            referrer: "https://www.google.com/",
          },
          {
            landing_page_id: page.id,
            event_type: "view",
            created_at: at("2026-03-03T18:20:00Z"),
            event_data: { utm_source: "ZALO" },
          },
          { landing_page_id: page.id, event_type: "conversion", created_at: at("2026-03-03T18:21:00Z") },
          {
            landing_page_id: page.id,
            event_type: "view",
            created_at: at("2026-03-03T18:22:00Z"),
            referrer: "https://fbx.example/",
          },
        ]);
      const o = await get<CreatorOverview>(
        `/api/analytics/creator/overview?from=2026-03-03&to=2026-03-04&courseId=${c}`,
      );
      expect(o.enrolments).toEqual([
        { date: "2026-03-03", enrolments: 1 },
        { date: "2026-03-04", enrolments: 2 },
      ]);
      expect(o.enrolmentsBySource).toEqual([
        { key: "direct", enrolments: 2 },
        { key: "zalo", enrolments: 1 },
      ]);
      expect(o.landing.byDay).toEqual([
        { key: "2026-03-03", views: 1, conversions: 0 },
        { key: "2026-03-04", views: 3, conversions: 1 },
      ]);
      expect(o.landing.bySource).toEqual([
        { key: "direct", views: 0, conversions: 1 },
        { key: "facebook", views: 1, conversions: 0 },
        { key: "google", views: 1, conversions: 0 },
        { key: "other", views: 1, conversions: 0 },
        { key: "zalo", views: 1, conversions: 0 },
      ]);
    } finally {
      await db()
        .update(profiles)
        .set({ time_zone: "Asia/Ho_Chi_Minh" })
        .where(eq(profiles.user_id, cara.userId));
    }
  });
});

describe("the furthest lesson kept on the enrolment (decision 0241)", () => {
  /** The furthest published lesson by (order_index, created_at, id) over the enrolment's progress rows, computed from scratch. */
  async function expected(enrollmentId: string): Promise<string | null> {
    const r = (await db().execute(
      sql`select lp.lesson_id from ${lessonProgress} lp join ${lessons} l on l.id = lp.lesson_id and l.is_published
           where lp.enrollment_id = ${enrollmentId}::uuid
           order by l.order_index desc, l.created_at desc, l.id desc limit 1`,
    )) as unknown as { rows: Array<{ lesson_id: string }> };
    return r.rows[0]?.lesson_id ?? null;
  }
  async function kept(enrollmentId: string): Promise<string | null> {
    const [row] = await db()
      .select({ id: enrollments.furthest_lesson_id })
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId));
    return row.id;
  }
  const progress = (e: string, who: Account, lesson: string) =>
    db()
      .insert(lessonProgress)
      .values({ enrollment_id: e, lesson_id: lesson, student_id: who.userId })
      .onConflictDoUpdate({
        target: [lessonProgress.enrollment_id, lessonProgress.lesson_id],
        set: { time_spent: sql`${lessonProgress.time_spent} + 1` },
      });

  it("moves forward with progress, never back, and follows moved, unpublished and deleted lessons", async () => {
    const c = await course("Furthest", 4);
    const [l1, l2, l3, l4] = await lessonIds(c);
    const ann = await student("Ann");
    const e = await enrolment(ann, c);
    expect(await kept(e)).toBeNull();
    await progress(e, ann, l3);
    expect(await kept(e)).toBe(l3);
    await progress(e, ann, l1); // an earlier lesson: stays at 3
    await progress(e, ann, l3); // the same row again (an upsert's update)
    expect(await kept(e)).toBe(l3);
    // Lesson 3 unpublished: the furthest published one she reached is lesson 1.
    await db().update(lessons).set({ is_published: false }).where(eq(lessons.id, l3));
    expect(await kept(e)).toBe(l1);
    await db().update(lessons).set({ is_published: true }).where(eq(lessons.id, l3));
    expect(await kept(e)).toBe(l3);
    // Lesson 1 moved after lesson 4: now the furthest.
    await db().update(lessons).set({ order_index: 10 }).where(eq(lessons.id, l1));
    expect(await kept(e)).toBe(l1);
    // A title edit changes nothing.
    await db().update(lessons).set({ title: "Renamed" }).where(eq(lessons.id, l2));
    expect(await kept(e)).toBe(l1);
    // Lesson 1 deleted (its progress goes with it): back to lesson 3.
    await db().delete(lessons).where(eq(lessons.id, l1));
    expect(await kept(e)).toBe(l3);
    // Her progress deleted: none.
    await db().delete(lessonProgress).where(eq(lessonProgress.enrollment_id, e));
    expect(await kept(e)).toBeNull();
    await progress(e, ann, l4);
    expect(await kept(e)).toBe(l4);
  });

  it("equals the furthest lesson computed from the progress rows after random writes and moves", async () => {
    const c = await course("Furthest random", 6);
    const ids = await lessonIds(c);
    const people = await Promise.all(["Ben", "Cat", "Dan", "Eve", "Fay"].map((n) => student(n)));
    const enrolmentsOf = await Promise.all(people.map((p) => enrolment(p, c)));
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 28;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let step = 0; step < 60; step++) {
      const k = next(people.length);
      const action = next(10);
      if (action < 7) {
        // Several rows in one statement, as a bulk write would.
        const lessonsNow = [ids[next(ids.length)], ids[next(ids.length)]];
        await db()
          .insert(lessonProgress)
          .values(
            [...new Set(lessonsNow)].map((l) => ({
              enrollment_id: enrolmentsOf[k],
              lesson_id: l,
              student_id: people[k].userId,
            })),
          )
          .onConflictDoNothing();
      } else if (action < 9) {
        await db()
          .update(lessons)
          .set({ order_index: next(8) })
          .where(eq(lessons.id, ids[next(ids.length)]));
      } else {
        await db()
          .update(lessons)
          .set({ is_published: next(2) === 0 })
          .where(eq(lessons.id, ids[next(ids.length)]));
      }
    }
    for (const e of enrolmentsOf) expect(await kept(e)).toBe(await expected(e));
  });
});

describe("the students who studied each course (decision 0241)", () => {
  it("counts a student once however many days they studied, and not for a quiz alone", async () => {
    const c = await course("Learners", 2);
    const [l1, l2] = await lessonIds(c);
    const [gus, hal, ivy] = await Promise.all(["Gus", "Hal", "Ivy"].map((n) => student(n)));
    const event = async (
      who: Account,
      e: string,
      lesson: string,
      kind: "time" | "quiz",
      seconds: number,
      iso: string,
    ) =>
      appendLearningEvent(db(), {
        enrollmentId: e,
        studentId: who.userId,
        courseId: c,
        lessonId: lesson,
        kind,
        seconds,
        occurredAt: at(iso),
        ...(kind === "quiz" ? { score: 80, passed: true } : {}),
      });
    const eg = await enrolment(gus, c);
    const eh = await enrolment(hal, c);
    await enrolment(ivy, c);
    await event(gus, eg, l1, "time", 300, "2026-05-01T03:00:00Z");
    await event(gus, eg, l2, "time", 120, "2026-05-03T03:00:00Z"); // another day: still one learner
    await event(hal, eh, l2, "quiz", 0, "2026-05-02T03:00:00Z"); // a quiz alone: not a learner
    await applyLearningRollups(db());
    const perf = await get<{ courses: Array<{ courseId: string; averageStudySeconds: number }> }>(
      `/api/analytics/creator/performance?from=2026-05-01&to=2026-05-31&courseId=${c}`,
    );
    // 420 s over the one student who studied (Ivy never opened it, Hal only took the quiz).
    expect(perf.courses.find((x) => x.courseId === c)?.averageStudySeconds).toBe(420);
    // Hal studies the next day: two learners.
    await event(hal, eh, l1, "time", 60, "2026-05-04T03:00:00Z");
    await applyLearningRollups(db());
    const again = await get<{ courses: Array<{ courseId: string; averageStudySeconds: number }> }>(
      `/api/analytics/creator/performance?from=2026-05-01&to=2026-05-31&courseId=${c}`,
    );
    expect(again.courses.find((x) => x.courseId === c)?.averageStudySeconds).toBe(240);
  });
});
