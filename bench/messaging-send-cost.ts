// `npx tsx bench/messaging-send-cost.ts`: main-thread cost of one message send on embedded PGlite,
// in process (no sockets), split into its statements (issue 17 §13, decision 0213). One teacher,
// one student, one conversation; N sends each. Prints mean ms per operation.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createSessionLookup } from "../apps/server/src/auth/session-lookup.ts";
import {
  findConversation,
  sendMessageStatement,
} from "../apps/server/src/features/messaging/messaging.queries.ts";
import { fanOut } from "../apps/server/src/features/notifications/notifications.queries.ts";
import { inProcessApp } from "./lib/in-process.ts";

const N = Number(process.env.N ?? 400);
const academy = await inProcessApp();
const { runtime, request } = academy;
try {
  const teacher = await academy.creator("t@example.com");
  const student = await academy.student("s@example.com");
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
      senderId: student.userId,
      content: `cost ${i}`,
      rateLimitMax: 1_000_000,
      windowSeconds: 60,
    }),
  );
  await time("fanOut, message bell already unread (1 call)", () =>
    fanOut(runtime.db, {
      userIds: [teacher.userId],
      type: "message",
      data: { actorName: "S", courseTitle: "Cost" },
      link: `/dashboard/community?tab=messages&conversation=${conversationId}`,
      defaultChannel: "in_app",
      collapse: true,
      wantEmail: false,
    }),
  );
  await time("fanOut, a new bell item (1 call: insert + NOTIFY)", (i) =>
    fanOut(runtime.db, {
      userIds: [teacher.userId],
      type: "message",
      data: { actorName: "S", courseTitle: "Cost" },
      link: `/dashboard/community?tab=messages&conversation=${conversationId}&n=${i}`,
      defaultChannel: "in_app",
      collapse: true,
      wantEmail: false,
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
  await academy.close();
}
