// `npx tsx bench/messaging-send-cost.ts`: main-thread cost of one message send on embedded PGlite,
// in process (no sockets), split into its statements (issue 17 §13, decision 0213). One teacher,
// one student, one conversation; N sends each. Prints mean ms per operation.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../apps/server/src/app.ts";
import { createSessionLookup } from "../apps/server/src/auth/session-lookup.ts";
import { user } from "../apps/server/src/db/schema/index.ts";
import { loadEnv } from "../apps/server/src/env.ts";
import {
  findConversation,
  sendMessageStatement,
} from "../apps/server/src/features/messaging/messaging.queries.ts";
import { createLogger } from "../apps/server/src/lib/logger.ts";
import { createRuntime } from "../apps/server/src/runtime.ts";

const N = Number(process.env.N ?? 400);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-send-cost-"));
const origin = "http://localhost:3000";
const env = loadEnv({
  NODE_ENV: "test",
  APP_URL: origin,
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  AUTH_RATE_LIMIT_MAX: "100000",
  MESSAGE_RATE_LIMIT_MAX: "1000000",
});
const runtime = await createRuntime(env, { logger: createLogger("silent") });
const { app, messagingHub } = createApp(runtime);
const request = (pathname: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
  const headers = new Headers({ origin });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  return app.request(`${origin}${pathname}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
};
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
const account = async (email: string, student: boolean) => {
  const password = "bench-password-1";
  await request("/api/auth/sign-up/email", {
    method: "POST",
    json: { name: "B", email, password, ...(student ? { signupRole: "student" } : {}) },
  });
  const [row] = await runtime.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, email))
    .returning({ id: user.id });
  const signIn = await request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
  return { cookie: cookiesOf(signIn), id: row.id };
};
try {
  const teacher = await account("t@example.com", false);
  const student = await account("s@example.com", true);
  const published = await request("/api/courses/publish", {
    method: "POST",
    cookie: teacher.cookie,
    json: {
      title: "Cost",
      description: "Cost",
      outline: [
        {
          id: "s1",
          title: "S",
          lessons: [
            { id: "l1", title: "L", type: "text", duration: 5, content: { type: "text", html: "<p>x</p>" } },
          ],
        },
      ],
    },
  });
  const { courseId } = (await published.json()) as { courseId: string };
  await request(`/api/courses/${courseId}/enroll`, { method: "POST", json: {}, cookie: student.cookie });
  const started = await request("/api/conversations", {
    method: "POST",
    json: { courseId },
    cookie: student.cookie,
  });
  const conversationId = ((await started.json()) as { conversation: { id: string } }).conversation.id;
  const lookup = await createSessionLookup(runtime.db, runtime.auth);
  const sessionHeaders = new Headers({ cookie: student.cookie });
  const pglite = runtime.handle.pglite;
  if (!pglite) throw new Error("not PGlite");

  const time = async (label: string, op: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 30; i++) await op(i); // warm up
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await op(i);
    const ms = (performance.now() - t0) / N;
    console.log(`${label.padEnd(58)} ${ms.toFixed(3)} ms`);
  };
  await time("pglite.query('select 1')", () => pglite.query("select 1"));
  await time("drizzle execute(select 1)", () => runtime.db.execute(sql`select 1`));
  await time("session lookup (cookie → user, 1 query)", () => lookup(sessionHeaders));
  const cachedLookup = await createSessionLookup(runtime.db, runtime.auth, runtime.realtime);
  await time("session lookup, PGlite cache (decision 0213)", () => cachedLookup(sessionHeaders));
  await time("findConversation (1 query)", () => findConversation(runtime.db, conversationId));
  await time("sendMessageStatement (checks, locks, insert, NOTIFY; 1 call)", (i) =>
    sendMessageStatement(runtime.db, {
      conversationId,
      senderId: student.id,
      content: `cost ${i}`,
      rateLimitMax: 1_000_000,
      windowSeconds: 60,
    }),
  );
  await time("POST /api/conversations/:id/messages (whole request)", async (i) => {
    const response = await request(`/api/conversations/${conversationId}/messages`, {
      method: "POST",
      cookie: i % 2 ? teacher.cookie : student.cookie,
      json: { content: `send ${i}` },
    });
    if (response.status !== 201) throw new Error(`send: ${response.status}`);
    await response.text();
  });
  await time("GET /api/messaging/unread (whole request)", async () => {
    const response = await request("/api/messaging/unread", { cookie: student.cookie });
    await response.text();
  });
} finally {
  messagingHub.close();
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
}
