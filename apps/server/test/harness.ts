import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CourseDraftInput } from "@academy/shared";
import { PGlite } from "@electric-sql/pglite";
import { and, asc, eq } from "drizzle-orm";
import pg from "pg";
import { expect, inject } from "vitest";
import { createApp } from "../src/app.ts";
import { openDatabase } from "../src/db/client.ts";
import { emailOutbox, enrollments, lessons, studentInvitations, user } from "../src/db/schema/index.ts";
import { loadEnv } from "../src/env.ts";
import { createLogger } from "../src/lib/logger.ts";
import { createRuntime, type Runtime } from "../src/runtime.ts";
import { withDatabase } from "./global-setup.ts";
import { secretOfUri, totpCode } from "./support/totp.ts";

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestContext {
  runtime: Runtime;
  app: ReturnType<typeof createApp>["app"];
  /** Sends a request to the app in-process; JSON bodies get Content-Type and Origin set. */
  request(
    pathname: string,
    init?: RequestInit & { json?: unknown; cookie?: string; ip?: string },
  ): Promise<Response>;
  close(): Promise<void>;
}

/**
 * This worker's reusable PGlite (the server project runs with `isolate: false`, so a worker runs
 * many test files in one process): loading the suite's dump costs ~0.6 s of CPU per file, emptying
 * the tables again ~0.1 s (docs/testing.md).
 */
let workerPglite: { pglite: PGlite; seeded: string[]; leased: boolean } | undefined;

/** Tables the migrations fill (subjects, templates, settings, …): copied aside in `test_seed`. */
async function copySeedRows(pglite: PGlite): Promise<string[]> {
  const tables = (
    await pglite.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).rows.map((r) => r.name);
  const seeded: string[] = [];
  await pglite.exec("create schema test_seed");
  for (const name of tables) {
    const { rows } = await pglite.query<{ n: number }>(`select count(*)::int as n from public."${name}"`);
    if (rows[0]!.n === 0) continue;
    await pglite.exec(`create table test_seed."${name}" as select * from public."${name}"`);
    seeded.push(name);
  }
  return seeded;
}

/**
 * Empties every table of `public` (identities restarted) and puts the migrations' rows back, with
 * triggers off while they go in: the database is then as the dump left it.
 */
async function resetPglite(pglite: PGlite, seeded: string[]): Promise<void> {
  const tables = (
    await pglite.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public'",
    )
  ).rows.map((r) => `public."${r.name}"`);
  let sql = `truncate ${tables.join(", ")} restart identity cascade;\nset session_replication_role = replica;\n`;
  for (const name of seeded) {
    const columns = (
      await pglite.query<{ column: string }>(
        `select quote_ident(column_name) as column from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [name],
      )
    ).rows.map((r) => r.column);
    sql += `insert into public."${name}" (${columns.join(", ")}) overriding system value select ${columns.join(", ")} from test_seed."${name}";\n`;
  }
  sql += "set session_replication_role = origin;";
  await pglite.exec(sql);
}

/**
 * A migrated PGlite for one test context: the worker's own, emptied (when no other context of this
 * worker holds it), else a new one loaded from the dump. `release` frees or closes it. The context
 * gets a view of the engine that refuses every call once released, so a query a closed runtime
 * still had in flight cannot write into the next file's database.
 */
async function leasePglite(dump: string): Promise<{ pglite: PGlite; release: () => Promise<void> }> {
  if (workerPglite && !workerPglite.leased && !workerPglite.pglite.closed) {
    const lease = workerPglite;
    lease.leased = true;
    await resetPglite(lease.pglite, lease.seeded);
    return guarded(lease.pglite, async () => {
      lease.leased = false;
    });
  }
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(dump)]) });
  if (!workerPglite) {
    const lease = { pglite, seeded: await copySeedRows(pglite), leased: true };
    workerPglite = lease;
    return guarded(pglite, async () => {
      lease.leased = false;
    });
  }
  return guarded(pglite, () => pglite.close());
}

function guarded(
  pglite: PGlite,
  free: () => Promise<void>,
): { pglite: PGlite; release: () => Promise<void> } {
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await free();
  };
  const view = new Proxy(pglite, {
    get(target, property) {
      if (property === "closed") return released || target.closed;
      // Closing the view releases it (a worker's shared engine stays open for the next file).
      if (property === "close") return release;
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        // The engine's own words for a closed database (what the app sees after handle.close()).
        if (released) return Promise.reject(new Error("PGlite is closed"));
        return value.apply(target, args);
      };
    },
  });
  return { pglite: view, release };
}

/**
 * A fresh, migrated database for one test file (loaded from the suite's PGlite dump, or a copy of
 * the PostgreSQL template) with the whole app on top of it.
 */
export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const info = inject("testDatabase");
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (info.kind === "pglite") {
    const lease = await leasePglite(info.dump);
    handle = { ...(await openDatabase({ pglite: lease.pglite })), close: lease.release };
  } else {
    // The test file's name in the database's (a copy left behind names the file that left it).
    const file = path
      .basename(expect.getState().testPath ?? "", ".ts")
      .replace(/\.test$/, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .slice(0, 30);
    const name = `academy_t_${file ? `${file}_` : ""}${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: info.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${info.template}`);
    await admin.end();
    handle = await openDatabase({ databaseUrl: withDatabase(info.url, name), poolSize: 5 });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: info.url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const env = loadEnv({
    NODE_ENV: "test",
    APP_URL: TEST_ORIGIN,
    DATA_DIR: path.join(os.tmpdir(), `academy-test-${randomBytes(4).toString("hex")}`),
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    LOG_LEVEL: "silent",
    // argon2id at 1 MiB (~6 ms, not ~80): the suite signs up about a thousand accounts. The OWASP
    // parameters are asserted by auth.test.ts on a context with this off.
    TEST_FAST_PASSWORD_HASH: "1",
    ...overrides,
  });
  const runtime = await createRuntime(env, { handle, logger: createLogger("silent") });
  const { app, metrics } = createApp(runtime);
  return {
    runtime,
    app,
    request(pathname, init = {}) {
      const headers = new Headers(init.headers);
      headers.set("origin", TEST_ORIGIN);
      if (init.cookie) headers.set("cookie", init.cookie);
      if (init.ip) headers.set("x-forwarded-for", init.ip);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(init.json);
      }
      return Promise.resolve(app.request(`${TEST_ORIGIN}${pathname}`, { ...init, headers, body }));
    },
    async close() {
      metrics.close();
      // The copy is dropped even when closing fails (operations.test.ts closes the pool itself to
      // test an outage, so the runtime's second close throws): it was left behind on every run.
      try {
        await runtime.close();
      } finally {
        await dropDatabase?.();
      }
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, joined for a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

let counter = 0;
/** A unique e-mail address for a test. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * Signs up, follows the verification link from the outbox and signs in.
 * @returns the session cookie and the user id.
 */
export async function signUpAndSignIn(
  ctx: TestContext,
  input: { email?: string; name?: string; password?: string } = {},
): Promise<{ cookie: string; userId: string; email: string; password: string }> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? "correct-horse-battery";
  const signUp = await ctx.request("/api/auth/sign-up/email", {
    method: "POST",
    json: { name: input.name ?? "Test User", email, password },
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  // Verification signs the person in (issue 17 item 7): its cookie is the one session.
  const verified = await verifyEmailFromOutbox(ctx, email);
  let cookie = cookiesFrom(verified);
  if (!cookie.includes("session_token")) {
    const signIn = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password },
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    cookie = cookiesFrom(signIn);
  }
  const [row] = await ctx.runtime.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.toLowerCase()));
  return { cookie, userId: row.id, email, password };
}

/**
 * Turns on two-factor sign-in for a signed-in account the way a person does (issue 25 item 6):
 * password → otpauth URI → a TOTP code from the secret. Platform admins need it for admin routes.
 * Confirming swaps the session, so `person.cookie` is replaced by the new one.
 * @returns the base32 secret and the 10 recovery codes.
 */
export async function enrolTwoFactor(
  ctx: TestContext,
  person: { cookie: string; password: string },
): Promise<{ secret: string; codes: string[] }> {
  const enabled = await ctx.request("/api/auth/two-factor/enable", {
    method: "POST",
    cookie: person.cookie,
    json: { password: person.password },
  });
  if (!enabled.ok) throw new Error(`2FA enable failed: ${enabled.status} ${await enabled.text()}`);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOfUri(totpURI);
  const verified = await ctx.request("/api/auth/two-factor/verify-totp", {
    method: "POST",
    cookie: person.cookie,
    json: { code: totpCode(secret) },
  });
  if (!verified.ok) throw new Error(`2FA verify failed: ${verified.status} ${await verified.text()}`);
  person.cookie = cookiesFrom(verified);
  return { secret, codes: backupCodes };
}

/** Opens the newest verification link e-mailed to `email`. */
export async function verifyEmailFromOutbox(ctx: TestContext, email: string): Promise<Response> {
  const rows = await ctx.runtime.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to_address, email.toLowerCase()));
  const mail = rows.filter((r) => r.template === "verification").at(-1);
  if (!mail) throw new Error(`no verification e-mail for ${email}`);
  const link = /https?:\/\/[^\s]+verify-email[^\s]+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no verification link in the e-mail");
  const url = new URL(link);
  return ctx.request(`${url.pathname}${url.search}`);
}

/** A one-section, one-lesson course draft for tests that need a published course, with `extra` on top. */
/**
 * A draft of one section ("Broth") of text lessons with the given titles, 5 minutes each, whose
 * text is the title (readable at once).
 */
export function textLessonsDraft(title: string, titles: string[]): CourseDraftInput {
  return oneLessonDraft(title, {
    outline: [
      {
        id: "s1",
        title: "Broth",
        lessons: titles.map((lessonTitle, i) => ({
          id: `l${i + 1}`,
          title: lessonTitle,
          type: "text" as const,
          duration: 5,
          content: { type: "text" as const, html: `<p>${lessonTitle}.</p>` },
        })),
      },
    ],
  });
}

/** The course's lesson ids in their order. */
export async function lessonIdsOf(ctx: TestContext, courseId: string): Promise<string[]> {
  const rows = await ctx.runtime.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.course_id, courseId))
    .orderBy(asc(lessons.order_index));
  return rows.map((r) => r.id);
}

export function oneLessonDraft(title: string, extra: Partial<CourseDraftInput> = {}): CourseDraftInput {
  return {
    title,
    description: "Cook Vietnamese dishes at home, step by step.",
    category: "creative",
    skillLevel: "beginner",
    estimatedDuration: 1,
    outline: [
      {
        id: "s1",
        title: "Start",
        lessons: [
          {
            id: "l1",
            title: "Welcome",
            type: "text",
            duration: 10,
            content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
          },
        ],
      },
    ],
    ...extra,
  };
}

/**
 * Publishes `draft` as the signed-in `cookie`'s course through POST /api/courses/publish.
 * @returns the course id. @throws when publishing is refused.
 */
export async function publishCourse(
  ctx: TestContext,
  cookie: string,
  draft: CourseDraftInput,
): Promise<string> {
  const response = await ctx.request("/api/courses/publish", { method: "POST", cookie, json: draft });
  if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { courseId: string }).courseId;
}

/**
 * Assign by e-mail as `creatorCookie` (POST /api/students/assign: an invitation since issue 25
 * item 5) and accept it as `student` (POST /api/invitations/accept with the token of the answer's
 * invitation), so the student is enrolled.
 * @returns the enrolment id. @throws when either call is refused.
 */
export async function assignAndAccept(
  ctx: TestContext,
  creatorCookie: string,
  student: { cookie: string; email: string },
  courseId: string,
): Promise<string> {
  const assigned = await ctx.request("/api/students/assign", {
    method: "POST",
    cookie: creatorCookie,
    json: { email: student.email, courseId },
  });
  if (assigned.status !== 201) throw new Error(`assign failed: ${assigned.status} ${await assigned.text()}`);
  const { invitationId } = (await assigned.json()) as { invitationId: string };
  const [invitation] = await ctx.runtime.db
    .select({ token: studentInvitations.invitation_token })
    .from(studentInvitations)
    .where(eq(studentInvitations.id, invitationId));
  const accepted = await ctx.request("/api/invitations/accept", {
    method: "POST",
    cookie: student.cookie,
    json: { invitationToken: invitation.token },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${await accepted.text()}`);
  const [row] = await ctx.runtime.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .innerJoin(user, eq(user.id, enrollments.student_id))
    .where(and(eq(user.email, student.email.toLowerCase()), eq(enrollments.course_id, courseId)));
  return row.id;
}
