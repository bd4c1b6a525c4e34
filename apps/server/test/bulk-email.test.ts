import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, enrollments, user } from "../src/db/schema/index.ts";
import { createOutboxWorker, type OutboxWorker } from "../src/email/outbox.ts";
import { createLogger } from "../src/lib/logger.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { startSmtpServer } from "./smtp.ts";

/**
 * Issue 5: "a bulk e-mail to 1,000 students returns at once and all 1,000 arrive exactly once at a
 * real SMTP server started by the test, with two outbox workers running side by side".
 */
const STUDENTS = 1000;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: TestContext;
let workers: OutboxWorker[] = [];
let creator: Awaited<ReturnType<typeof signUpAndSignIn>>;
let enrollmentIds: string[] = [];
let addresses: string[] = [];

beforeAll(async () => {
  // Each message is held 3 ms by the server, so delivering 1,000 takes far longer than queueing them.
  smtp = await startSmtpServer({ delayMs: 3 });
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_MAX: "1000",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Academy <worker-a@academy.test>",
  });
  creator = await signUpAndSignIn(ctx, { name: "Creator of Many" });
  const courseId = await publishCourse(ctx, creator.cookie, oneLessonDraft("Mass Course"));
  const tag = Date.now().toString(36);
  const users = Array.from({ length: STUDENTS }, (_, i) => ({
    id: randomUUID(),
    name: `Học viên ${i}`,
    email: `bulk-${tag}-${i}@example.com`,
    emailVerified: true,
    createdAt: new Date(),
    updatedAt: new Date(),
  }));
  await ctx.runtime.db.insert(user).values(users); // the profile trigger creates their profiles
  const rows = await ctx.runtime.db
    .insert(enrollments)
    .values(users.map((u) => ({ course_id: courseId, student_id: u.id })))
    .returning({ id: enrollments.id });
  enrollmentIds = rows.map((r) => r.id);
  addresses = users.map((u) => u.email);
  const logger = createLogger("silent");
  workers = ["worker-a", "worker-b"].map((name) =>
    createOutboxWorker({
      db: ctx.runtime.db,
      transport: nodemailer.createTransport(smtp.url),
      from: `Academy <${name}@academy.test>`,
      logger,
      intervalMs: 50,
      batchSize: 25,
    }),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await ctx?.close();
  await smtp?.close();
});

describe("bulk e-mail to 1,000 students with two outbox workers", () => {
  it("returns at once, and every message arrives exactly once", async () => {
    for (const worker of workers) worker.start();
    const response = await ctx.request("/api/students/email", {
      method: "POST",
      cookie: creator.cookie,
      json: { enrollmentIds, emailType: "reminder" },
    });
    // The request wrote the outbox and returned while the workers were still delivering.
    const deliveredWhenAnswered = smtp.received.length;
    expect(response.status).toBe(202);
    expect(deliveredWhenAnswered).toBeLessThan(STUDENTS);
    const { batchId, queued } = (await response.json()) as { batchId: string; queued: number };
    expect(queued).toBe(STUDENTS);
    const progress = await ctx.request(`/api/students/email-batches/${batchId}`, { cookie: creator.cookie });
    const early = (await progress.json()) as { total: number; delivered: number; pending: number };
    expect(early.total).toBe(STUDENTS);
    expect(early.delivered + early.pending).toBe(STUDENTS);

    const deadline = Date.now() + 90_000;
    while (smtp.received.length < STUDENTS + 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    // Give a duplicate every chance to show up before counting.
    await new Promise((r) => setTimeout(r, 1500));

    // (The creator's own verification e-mail goes through the same outbox.)
    const bulk = smtp.received.filter((m) => m.to.some((to) => to.startsWith("bulk-")));
    const recipients = bulk.flatMap((m) => m.to);
    expect(recipients).toHaveLength(STUDENTS);
    expect(new Set(recipients).size).toBe(STUDENTS);
    expect([...recipients].sort()).toEqual([...addresses].sort());
    // Both workers took part.
    const byWorker = new Map<string, number>();
    for (const m of bulk) byWorker.set(m.from, (byWorker.get(m.from) ?? 0) + 1);
    expect(byWorker.get("worker-a@academy.test") ?? 0).toBeGreaterThan(0);
    expect(byWorker.get("worker-b@academy.test") ?? 0).toBeGreaterThan(0);

    const rows = await ctx.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.batch_id, batchId));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    const done = await ctx.request(`/api/students/email-batches/${batchId}`, { cookie: creator.cookie });
    expect(await done.json()).toEqual({
      batchId,
      total: STUDENTS,
      delivered: STUDENTS,
      pending: 0,
      failed: 0,
    });
  }, 120_000);
});
