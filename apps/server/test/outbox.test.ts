import { eq, inArray, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../src/db/schema/index.ts";
import { backoffSeconds, createOutboxWorker, MAX_ATTEMPTS } from "../src/email/outbox.ts";
import { createLogger } from "../src/lib/logger.ts";
import { createTestContext, type TestContext, uniqueEmail } from "./harness.ts";
import { startSmtpServer } from "./smtp.ts";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: "Academy <no-reply@academy.test>" });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

function message(to: string, subject = `Hello ${to}`) {
  return { to, template: "t", subject, html: `<p>${subject}</p>`, text: subject };
}

async function row(id: string) {
  const [r] = await ctx.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return r;
}

/** Makes a waiting message due now, as if its backoff had passed. */
async function makeDue(id: string) {
  await ctx.runtime.db.update(emailOutbox).set({ next_attempt_at: sql`now()` }).where(eq(emailOutbox.id, id));
}

describe("backoffSeconds", () => {
  it("waits 30 s after the first failure, doubling up to one hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffSeconds)).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    expect(backoffSeconds(8)).toBe(3600);
    expect(backoffSeconds(30)).toBe(3600);
    expect(backoffSeconds(0)).toBe(30);
  });

  it("gives up after 8 attempts", () => {
    expect(MAX_ATTEMPTS).toBe(8);
  });
});

describe("outbox delivery over SMTP", () => {
  it("runs in SMTP mode when SMTP_URL is set", () => {
    expect(ctx.runtime.mailer.mode).toBe("smtp");
    expect(ctx.runtime.mailer.worker).toBeDefined();
  });

  it("keeps a new message pending until the worker runs, then delivers it exactly once", async () => {
    const to = uniqueEmail("smtp");
    const id = await ctx.runtime.mailer.send(ctx.runtime.db, message(to, "Welcome to Academy"));
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, sent_at: null });

    expect(await ctx.runtime.mailer.worker!.runOnce()).toBe(1);

    const delivered = smtp.received.filter((m) => m.to.includes(to));
    expect(delivered).toHaveLength(1);
    expect(delivered[0].from).toBe("no-reply@academy.test");
    expect(delivered[0].raw).toContain("Subject: Welcome to Academy");
    expect(await row(id)).toMatchObject({
      status: "sent",
      attempts: 1,
      last_error: null,
      locked_until: null,
    });
    expect((await row(id)).sent_at).toBeInstanceOf(Date);

    // A second run finds nothing to do and sends nothing again.
    expect(await ctx.runtime.mailer.worker!.runOnce()).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it("does not write the message when the enqueuing transaction rolls back", async () => {
    const to = uniqueEmail("rolled-back");
    await expect(
      ctx.runtime.db.transaction(async (tx) => {
        await ctx.runtime.mailer.send(tx, message(to));
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await ctx.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.to_address, to))).toEqual([]);
  });

  it("takes over a message whose sender's lease expired, but not one still leased", async () => {
    const expiredTo = uniqueEmail("expired-lease");
    const leasedTo = uniqueEmail("leased");
    const [expired, leased] = await ctx.runtime.db
      .insert(emailOutbox)
      .values([
        {
          ...message(expiredTo),
          to_address: expiredTo,
          status: "sending",
          attempts: 1,
          locked_until: sql`now() - interval '1 second'`,
        },
        {
          ...message(leasedTo),
          to_address: leasedTo,
          status: "sending",
          attempts: 1,
          locked_until: sql`now() + interval '1 minute'`,
        },
      ])
      .returning({ id: emailOutbox.id });

    expect(await ctx.runtime.mailer.worker!.runOnce()).toBe(1);
    expect(await row(expired.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await row(leased.id)).toMatchObject({ status: "sending", attempts: 1 });
    expect(smtp.received.filter((m) => m.to.includes(expiredTo))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(leasedTo))).toHaveLength(0);
    await ctx.runtime.db.delete(emailOutbox).where(eq(emailOutbox.id, leased.id));
  });
});

describe("outbox retries when the SMTP server refuses", () => {
  afterAll(() => {
    smtp.state.reject = false;
  });

  it("puts a refused message back to pending with backoff, and marks it failed after MAX_ATTEMPTS", async () => {
    smtp.state.reject = true;
    const to = uniqueEmail("refused");
    const id = await ctx.runtime.mailer.send(ctx.runtime.db, message(to));

    const startedAt = Date.now();
    await ctx.runtime.mailer.worker!.runOnce();
    const first = await row(id);
    expect(first).toMatchObject({ status: "pending", attempts: 1, locked_until: null, sent_at: null });
    expect(first.last_error).toMatch(/Mailbox unavailable/);
    const wait = first.next_attempt_at.getTime() - startedAt;
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThan(35_000);

    // Not due yet: another run leaves it alone.
    expect(await ctx.runtime.mailer.worker!.runOnce()).toBe(0);
    expect((await row(id)).attempts).toBe(1);

    for (let attempt = 2; attempt < MAX_ATTEMPTS; attempt++) {
      await makeDue(id);
      const before = Date.now();
      await ctx.runtime.mailer.worker!.runOnce();
      const current = await row(id);
      expect(current).toMatchObject({ status: "pending", attempts: attempt });
      const backoff = current.next_attempt_at.getTime() - before;
      expect(backoff).toBeGreaterThan((backoffSeconds(attempt) - 5) * 1000);
      expect(backoff).toBeLessThan((backoffSeconds(attempt) + 5) * 1000);
    }

    await makeDue(id);
    await ctx.runtime.mailer.worker!.runOnce();
    const last = await row(id);
    expect(last).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, sent_at: null });
    expect(last.last_error).toMatch(/Mailbox unavailable/);

    // A failed message is never picked up again.
    await makeDue(id);
    expect(await ctx.runtime.mailer.worker!.runOnce()).toBe(0);
    expect((await row(id)).attempts).toBe(MAX_ATTEMPTS);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(0);
  });

  it("delivers a refused message on a later attempt once the server accepts again", async () => {
    smtp.state.reject = true;
    const to = uniqueEmail("recovers");
    const id = await ctx.runtime.mailer.send(ctx.runtime.db, message(to));
    await ctx.runtime.mailer.worker!.runOnce();
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 1 });

    smtp.state.reject = false;
    await makeDue(id);
    await ctx.runtime.mailer.worker!.runOnce();
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });
});

describe("two workers over one database", () => {
  it("deliver each of 50 pending messages exactly once", async () => {
    const addresses = Array.from({ length: 50 }, (_, i) => uniqueEmail(`bulk${i}`));
    const ids: string[] = [];
    for (const to of addresses) ids.push(await ctx.runtime.mailer.send(ctx.runtime.db, message(to)));

    const second = createOutboxWorker({
      db: ctx.runtime.db,
      transport: nodemailer.createTransport(smtp.url),
      from: ctx.runtime.env.mailFrom,
      logger: createLogger("silent"),
    });
    const [a, b] = await Promise.all([ctx.runtime.mailer.worker!.runOnce(), second.runOnce()]);
    expect(a + b).toBe(50);

    for (const to of addresses) {
      expect(
        smtp.received.filter((m) => m.to.includes(to)),
        to,
      ).toHaveLength(1);
    }
    const rows = await ctx.runtime.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});
