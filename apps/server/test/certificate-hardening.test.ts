import { AUTH_MESSAGES } from "@academy/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clampUserName, USER_NAME_MAX } from "../src/auth/user-name.ts";
import { certificates, enrollments, profiles, user } from "../src/db/schema/index.ts";
import { getCertificatePdf, issueCertificate } from "../src/features/certificates/certificates.service.ts";
import type { CertificatePdfInput } from "../src/features/certificates/pdf.ts";
import { createPdfRenderer, type PdfRenderer } from "../src/features/certificates/pdf-renderer.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { pdfText } from "./support/pdf.ts";

// Issue 16 item 1: a 100,000-character name froze the server through the certificate PDF.

/** A test whose render starts a new worker thread (it loads the renderer first: seconds on a busy machine). */
const COLD_WORKER_TIMEOUT_MS = 90_000;
const HUGE_NAME = "Nguyễn ".repeat(100_000 / 7).padEnd(100_000, "x");

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let creator: Account;
let student: Account;
let courseId: string;

async function nameOf(userId: string) {
  const [row] = await ctx.runtime.db
    .select({ name: user.name, fullName: profiles.full_name })
    .from(user)
    .innerJoin(profiles, eq(profiles.user_id, user.id))
    .where(eq(user.id, userId));
  return row;
}

/** A completed enrolment of a new student with a certificate; `studentName` overrides the snapshot. */
async function certificateFor(studentName?: string): Promise<string> {
  const learner = await signUpAndSignIn(ctx, { name: "Learner" });
  const [enrolment] = await ctx.runtime.db
    .insert(enrollments)
    .values({
      course_id: courseId,
      student_id: learner.userId,
      payment_status: "completed",
      is_completed: true,
      progress: 100,
    })
    .returning();
  const { id } = await issueCertificate(ctx.runtime.db, {
    enrollmentId: enrolment.id,
    appUrl: ctx.runtime.env.appUrl,
  });
  if (studentName !== undefined)
    await ctx.runtime.db
      .update(certificates)
      .set({ student_name: studentName })
      .where(eq(certificates.id, id));
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  creator = await signUpAndSignIn(ctx, { name: "Creator Cam" });
  student = await signUpAndSignIn(ctx, { name: "Student Sơn" });
  courseId = await publishCourse(ctx, creator.cookie, oneLessonDraft("Phở at home"));
});
afterAll(async () => {
  await ctx?.close();
});

describe("the 120-character name rule on every path", () => {
  it("refuses a 100,000-character name at sign-up", async () => {
    const response = await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: HUGE_NAME, email: "huge-signup@example.com", password: "correct-horse-battery" },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(AUTH_MESSAGES.nameTooLong);
  });

  it("refuses it through POST /api/auth/update-user and keeps the old name", async () => {
    const response = await ctx.request("/api/auth/update-user", {
      method: "POST",
      cookie: student.cookie,
      json: { name: HUGE_NAME },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(AUTH_MESSAGES.nameTooLong);
    expect(await nameOf(student.userId)).toEqual({ name: "Student Sơn", fullName: "Student Sơn" });
  });

  it("refuses it in better-auth itself (the update hook), whatever route reaches it", async () => {
    const headers = new Headers({
      cookie: student.cookie,
      origin: ctx.runtime.env.appUrl,
      "content-type": "application/json",
    });
    const refused = await ctx.runtime.auth.handler(
      new Request(`${ctx.runtime.env.appUrl}/api/auth/update-user`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "x".repeat(USER_NAME_MAX + 1) }),
      }),
    );
    expect(refused.status).toBe(400);
    expect(await nameOf(student.userId)).toEqual({ name: "Student Sơn", fullName: "Student Sơn" });

    // 120 characters are fine, and reach the profile (and so the next certificate).
    const longest = "Ánh".repeat(40);
    const accepted = await ctx.runtime.auth.handler(
      new Request(`${ctx.runtime.env.appUrl}/api/auth/update-user`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: ` ${longest} ` }),
      }),
    );
    expect(accepted.status).toBe(200);
    expect(await nameOf(student.userId)).toEqual({ name: longest, fullName: longest });
  });

  it("is enforced by the database for any other writer", async () => {
    await expect(
      ctx.runtime.db.update(user).set({ name: HUGE_NAME }).where(eq(user.id, creator.userId)),
    ).rejects.toThrow();
    await expect(
      ctx.runtime.db
        .update(profiles)
        .set({ full_name: HUGE_NAME })
        .where(eq(profiles.user_id, creator.userId)),
    ).rejects.toThrow();
    expect(await nameOf(creator.userId)).toEqual({ name: "Creator Cam", fullName: "Creator Cam" });
  });

  it("cuts a name from an outside profile (Google) to 120 characters without splitting a character", () => {
    expect(clampUserName(HUGE_NAME)).toHaveLength(USER_NAME_MAX);
    const emoji = `${"a".repeat(119)}😀😀`;
    expect(clampUserName(emoji)).toBe("a".repeat(119));
    expect(clampUserName("  Lan  ")).toBe("Lan");
  });
});

describe("certificate PDFs off the event loop", () => {
  it(
    "renders a certificate whose stored name predates the rule, with the name cut",
    async () => {
      const id = await certificateFor(HUGE_NAME);
      const response = await ctx.request(`/api/certificates/${id}/pdf`);
      expect(response.status).toBe(200);
      const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
      expect(text).toContain("Nguyễn");
      expect(text).toContain("…");
      expect(text.length).toBeLessThan(2000);
    },
    COLD_WORKER_TIMEOUT_MS,
  );

  it("answers /api/health while a render holds its worker thread", async () => {
    const flag = new SharedArrayBuffer(4);
    const blocking = createPdfRenderer({
      workerFile: new URL("./workers/blocking-pdf-worker.mjs", import.meta.url),
    });
    try {
      const render = blocking.render({ flag } as unknown as CertificatePdfInput);
      let renderDone = false;
      void render.then(() => {
        renderDone = true;
      });
      // The worker is now blocked in Atomics.wait until the flag changes; the event loop must not be.
      const health = await ctx.request("/api/health");
      expect(health.status).toBe(200);
      expect(renderDone).toBe(false);
      Atomics.store(new Int32Array(flag), 0, 1);
      Atomics.notify(new Int32Array(flag), 0);
      expect(Array.from(await render)).toEqual([37, 80, 68, 70]);
    } finally {
      await blocking.close();
    }
  });

  it("stops a render that passes its time limit and answers 503", async () => {
    const flag = new SharedArrayBuffer(4);
    const stuck = createPdfRenderer({
      timeoutMs: 300,
      workerFile: new URL("./workers/blocking-pdf-worker.mjs", import.meta.url),
    });
    try {
      await expect(
        stuck.render({ flag, forever: true } as unknown as CertificatePdfInput),
      ).rejects.toMatchObject({
        code: "UNAVAILABLE",
        status: 503,
      });
    } finally {
      await stuck.close();
    }
  });

  it(
    "renders once for concurrent requests of one certificate, then serves the cache",
    async () => {
      const id = await certificateFor();
      const real = createPdfRenderer();
      const calls: CertificatePdfInput[] = [];
      const counting: PdfRenderer = {
        render: (input) => {
          calls.push(input);
          return real.render(input);
        },
        warm: () => real.warm(),
        close: () => real.close(),
      };
      try {
        const results = await Promise.all(
          Array.from({ length: 8 }, () =>
            getCertificatePdf(ctx.runtime.db, id, ctx.runtime.env.appUrl, { renderer: counting }),
          ),
        );
        expect(calls).toHaveLength(1);
        for (const result of results) expect(result.pdf).toBe(results[0].pdf);
        await getCertificatePdf(ctx.runtime.db, id, ctx.runtime.env.appUrl, { renderer: counting });
        expect(calls).toHaveLength(1);
        expect(Buffer.from(results[0].pdf.subarray(0, 5)).toString()).toBe("%PDF-");
      } finally {
        await counting.close();
      }
    },
    COLD_WORKER_TIMEOUT_MS,
  );
});
