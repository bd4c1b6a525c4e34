import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type Certificate,
  type CourseDraftInput,
  certificateSchema,
  type ErrorBody,
  LEARNING_MESSAGES,
} from "@academy/shared";
import { count, eq } from "drizzle-orm";
import jsQR from "jsqr";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import { certificates, courses, enrollments, profiles, schools } from "../src/db/schema/index.ts";
import {
  CERTIFICATE_ID_ALPHABET,
  CERTIFICATE_ID_LENGTH,
  issueCertificate,
  newCertificateId,
} from "../src/features/certificates/certificates.service.ts";
import type { AppError } from "../src/lib/errors.ts";
import { createTestContext, signUpAndSignIn, TEST_ORIGIN, type TestContext } from "./harness.ts";

const STUDENT_NAME = "Nguyễn Thị Ánh Tuyết";
const COURSE_TITLE = "Tiếng Việt giao tiếp cơ bản";
const SCHOOL_NAME = "Trường Ngôn ngữ Sài Gòn";
/** 10:00 in Ho Chi Minh City on 21 November 2026. */
const COMPLETED_AT = new Date("2026-11-21T03:00:00Z");
const ID_PATTERN = new RegExp(`^[${CERTIFICATE_ID_ALPHABET}]{${CERTIFICATE_ID_LENGTH}}$`);

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // the creator
let tuyet: Account; // the student with a Vietnamese name
let noName: Account; // a student whose profile has no full name
let courseId: string;
let enrolmentId: string;
let certificateId: string;

function draft(title: string): CourseDraftInput {
  return {
    title,
    description: `About ${title}`,
    estimatedDuration: 1,
    outline: [
      {
        id: "s1",
        title: "Section one",
        lessons: [
          {
            id: "l1",
            title: "Lesson one",
            type: "text" as const,
            duration: 15,
            content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
          },
        ],
      },
    ],
  };
}

async function enrol(studentId: string, values: Partial<typeof enrollments.$inferInsert> = {}) {
  const [row] = await ctx.runtime.db
    .insert(enrollments)
    .values({ course_id: courseId, student_id: studentId, payment_status: "completed", ...values })
    .returning();
  return row;
}

async function certificateRowsOf(enrollmentId: string): Promise<number> {
  const [{ n }] = await ctx.runtime.db
    .select({ n: count() })
    .from(certificates)
    .where(eq(certificates.enrollment_id, enrollmentId));
  return Number(n);
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

/** The page's text runs joined with spaces, the page size and the decoded QR code of its image. */
async function readPdf(
  bytes: Uint8Array,
): Promise<{ pages: number; text: string; size: number[]; qr?: string }> {
  const doc = await getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const text = content.items
    .map((item) => ("str" in item ? item.str : ""))
    .join(" ")
    .replace(/\s+/g, " ");
  let qr: string | undefined;
  const ops = await page.getOperatorList();
  for (const [i, fn] of ops.fnArray.entries()) {
    if (fn !== OPS.paintImageXObject) continue;
    const image = await new Promise<{ width: number; height: number; kind: number; data: Uint8Array }>(
      (resolve) => page.objs.get(ops.argsArray[i][0], resolve),
    );
    const { width, height } = image;
    const rgba = new Uint8ClampedArray(width * height * 4);
    const channels = image.kind === 3 ? 4 : image.kind === 2 ? 3 : 1;
    for (let p = 0; p < width * height; p++) {
      for (let c = 0; c < 3; c++) rgba[p * 4 + c] = image.data[p * channels + (channels === 1 ? 0 : c)];
      rgba[p * 4 + 3] = 255;
    }
    qr ??= jsQR(rgba, width, height)?.data;
  }
  const pages = doc.numPages;
  const size = page.view;
  await doc.destroy();
  return { pages, text, size, qr };
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Creator Cara" });
  tuyet = await signUpAndSignIn(ctx, { name: STUDENT_NAME });
  noName = await signUpAndSignIn(ctx, { name: "Nameless" });
  await ctx.runtime.db
    .update(profiles)
    .set({ role: "student", full_name: null })
    .where(eq(profiles.user_id, noName.userId));
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, tuyet.userId));
  const published = await ctx.request("/api/courses/publish", {
    method: "POST",
    cookie: cara.cookie,
    json: draft(COURSE_TITLE),
  });
  expect(published.status).toBe(200);
  courseId = ((await published.json()) as { courseId: string }).courseId;
  await ctx.runtime.db.update(schools).set({ name: SCHOOL_NAME }).where(eq(schools.creator_id, cara.userId));
  enrolmentId = (
    await enrol(tuyet.userId, { is_completed: true, progress: 100, completion_date: COMPLETED_AT })
  ).id;
  certificateId = (
    await ctx.runtime.db.transaction((tx) =>
      issueCertificate(tx, { enrollmentId: enrolmentId, appUrl: ctx.runtime.env.appUrl }),
    )
  ).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe("issueCertificate", () => {
  it("makes short, unguessable, typable codes (10 symbols without 0, O, 1, I)", () => {
    const ids = Array.from({ length: 2000 }, newCertificateId);
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
    expect(CERTIFICATE_ID_ALPHABET).not.toMatch(/[01IO]/);
    expect(CERTIFICATE_ID_ALPHABET).toHaveLength(32);
  });

  it("snapshots the student's name, course title, school and completion date, and is idempotent", async () => {
    expect(certificateId).toMatch(ID_PATTERN);
    const again = await issueCertificate(ctx.runtime.db, {
      enrollmentId: enrolmentId,
      appUrl: ctx.runtime.env.appUrl,
    });
    expect(again).toEqual({
      id: certificateId,
      url: `/certificates/${certificateId}`,
      courseTitle: "Tiếng Việt giao tiếp cơ bản",
    });
    expect(await certificateRowsOf(enrolmentId)).toBe(1);
    const [row] = await ctx.runtime.db.select().from(certificates).where(eq(certificates.id, certificateId));
    expect(row).toMatchObject({
      enrollment_id: enrolmentId,
      student_id: tuyet.userId,
      course_id: courseId,
      student_name: STUDENT_NAME,
      course_title: COURSE_TITLE,
      school_name: SCHOOL_NAME,
    });
    expect(row.completion_date.toISOString()).toBe(COMPLETED_AT.toISOString());
    // The caller updates the enrolment, not issueCertificate.
    const [enrolment] = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, enrolmentId));
    expect(enrolment.certificate_issued).toBe(false);
    expect(enrolment.certificate_url).toBeNull();
  });

  it("keeps the names as they were at issue time", async () => {
    await ctx.runtime.db.update(courses).set({ title: "Renamed course" }).where(eq(courses.id, courseId));
    try {
      expect((await issueCertificate(ctx.runtime.db, { enrollmentId: enrolmentId, appUrl: "" })).id).toBe(
        certificateId,
      );
      const response = await ctx.request(`/api/certificates/${certificateId}`);
      expect(((await response.json()) as Certificate).courseTitle).toBe(COURSE_TITLE);
    } finally {
      await ctx.runtime.db.update(courses).set({ title: COURSE_TITLE }).where(eq(courses.id, courseId));
    }
  });

  it("uses the e-mail when the profile has no name, and now when the enrolment has no completion date", async () => {
    const enrolment = await enrol(noName.userId, { is_completed: true, progress: 100 });
    const before = Date.now();
    // Two calls at once still make one certificate.
    const [a, b] = await Promise.all([
      issueCertificate(ctx.runtime.db, { enrollmentId: enrolment.id, appUrl: ctx.runtime.env.appUrl }),
      issueCertificate(ctx.runtime.db, { enrollmentId: enrolment.id, appUrl: ctx.runtime.env.appUrl }),
    ]);
    expect(a.id).toBe(b.id);
    expect(await certificateRowsOf(enrolment.id)).toBe(1);
    const [row] = await ctx.runtime.db.select().from(certificates).where(eq(certificates.id, a.id));
    expect(row.student_name).toBe(noName.email.toLowerCase());
    expect(row.completion_date.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.completion_date.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("refuses an enrolment that does not exist", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    await expect(
      issueCertificate(ctx.runtime.db, { enrollmentId: missing, appUrl: "" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" } satisfies Partial<AppError>);
  });
});

describe("GET /api/certificates/{id} (public verification)", () => {
  it("says who completed what, offered by which school, and when, to anyone", async () => {
    const response = await ctx.request(`/api/certificates/${certificateId}`);
    expect(response.status).toBe(200);
    const body = certificateSchema.parse(await response.json());
    expect(body).toEqual({
      id: certificateId,
      studentName: STUDENT_NAME,
      courseTitle: COURSE_TITLE,
      schoolName: SCHOOL_NAME,
      completionDate: COMPLETED_AT.toISOString(),
      issuedAt: expect.any(String),
      verifyUrl: `${TEST_ORIGIN}/certificates/${certificateId}`,
      pdfUrl: `/api/certificates/${certificateId}/pdf`,
    });
  });

  it("accepts the code as a person types it (lower case, dashes)", async () => {
    const typed = `${certificateId.slice(0, 5)}-${certificateId.slice(5)}`.toLowerCase();
    const response = await ctx.request(`/api/certificates/${typed}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Certificate).id).toBe(certificateId);
  });

  it.each(["ZZZZZZZZZZ", "x", "%E2%9C%93", "not a code at all"])(
    "answers 404 for the unknown id %s",
    async (id) => {
      const response = await ctx.request(`/api/certificates/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({
        code: "NOT_FOUND",
        message: LEARNING_MESSAGES.certificateUnknown,
        reason: "learning.certificateUnknown",
      });
      expect(LEARNING_MESSAGES.certificateUnknown).toBe("No certificate with this ID exists.");
    },
  );
});

describe("GET /api/certificates/{id}/pdf", () => {
  it("downloads an A4 landscape PDF with the name in Vietnamese, the course, school, date, id, URL and QR code", async () => {
    const response = await ctx.request(`/api/certificates/${certificateId}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="certificate-${certificateId}.pdf"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.size.map(Math.round)).toEqual([0, 0, 842, 595]);
    const verifyUrl = `${TEST_ORIGIN}/certificates/${certificateId}`;
    for (const text of [
      "Certificate of Completion",
      "Chứng nhận hoàn thành",
      "This certifies that",
      STUDENT_NAME,
      "has completed",
      COURSE_TITLE,
      `offered by ${SCHOOL_NAME}`,
      "21 November 2026",
      "21/11/2026",
      certificateId,
      verifyUrl,
    ]) {
      expect(pdf.text).toContain(text);
    }
    expect(pdf.qr).toBe(verifyUrl);
    // The first PDF starts the renderer's worker thread (issue 16), which loads pdf-lib first.
  }, 90_000);

  it("is shown in the browser with ?inline=1", async () => {
    const response = await ctx.request(`/api/certificates/${certificateId.toLowerCase()}/pdf?inline=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `inline; filename="certificate-${certificateId}.pdf"`,
    );
  });

  it("answers 404 JSON for an unknown id", async () => {
    const response = await ctx.request("/api/certificates/ZZZZZZZZZZ/pdf");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await errorOf(response)).toEqual({
      code: "NOT_FOUND",
      message: LEARNING_MESSAGES.certificateUnknown,
      reason: "learning.certificateUnknown",
    });
  });
});

describe("/certificates/{id} page head", () => {
  let webDist: string;
  let app: ReturnType<typeof createApp>["app"];
  beforeAll(() => {
    webDist = mkdtempSync(path.join(os.tmpdir(), "academy-web-"));
    writeFileSync(
      path.join(webDist, "index.html"),
      '<!doctype html><html><head><title>Academy</title><meta name="description" content="Courses" /></head><body><div id="root"></div></body></html>',
    );
    app = createApp(ctx.runtime, { webDist }).app;
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it("is rendered by the server with the certificate's title, description and JSON-LD", async () => {
    const response = await app.request(`${TEST_ORIGIN}/certificates/${certificateId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>Certificate: ${COURSE_TITLE} — ${STUDENT_NAME}</title>`);
    expect(html).toContain(
      `<meta property="og:url" content="${TEST_ORIGIN}/certificates/${certificateId}" />`,
    );
    expect(html).toMatch(/<meta name="description" content="[^"]*21 November 2026[^"]*" \/>/);
    expect(html).toContain(SCHOOL_NAME);
    expect(html).toContain('"@type":"EducationalOccupationalCredential"');
    expect(html).not.toContain('name="robots"');
    expect(html).not.toContain("<title>Academy</title>");
  });

  it("is the plain app shell for an unknown id", async () => {
    const response = await app.request(`${TEST_ORIGIN}/certificates/ZZZZZZZZZZ`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>Academy</title>");
  });
});
