import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "./global-setup.ts";
import { readEvents } from "./messaging-helpers.ts";
import { serverProcessArgs } from "./support/server-process.ts";

/**
 * Issue 6 §4: a message posted through one server instance reaches a browser connected to
 * another, through PostgreSQL LISTEN/NOTIFY. Two real server processes on one PostgreSQL database.
 * Needs TEST_DATABASE_URL (PostgreSQL); skipped loudly on PGlite, which is single-process.
 */
const info = inject("testDatabase");
const ROOT = path.resolve(import.meta.dirname, "../../..");
if (info.kind !== "postgres")
  console.warn(
    "messaging-instances.test.ts: SKIPPED — set TEST_DATABASE_URL to a PostgreSQL server to run it",
  );

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, serverProcessArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Both instances serve the same site (one load balancer address in production).
      APP_URL: "http://127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "academy-inst-")),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "instances-secret-instances-secret-0123456789",
      // Servers on one database share both keys (issue 16 item 9: they refuse to start otherwise).
      ENCRYPTION_KEY: "ab".repeat(32),
      AUTH_RATE_LIMIT_MAX: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => output };
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once("exit", resolve));
  instance.child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (instance.child.exitCode === null) instance.child.kill("SIGKILL");
}

describe.skipIf(info.kind !== "postgres")("two server instances on one PostgreSQL database", () => {
  let admin: pg.Client;
  let databaseUrl: string;
  let name: string;
  let a: Instance | undefined;
  let b: Instance | undefined;

  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .filter((c) => !c.endsWith("="))
      .join("; ");

  async function account(instance: Instance, who: string, role: "creator" | "student") {
    const email = `${who.toLowerCase().replaceAll(" ", "-")}-${randomBytes(4).toString("hex")}@example.com`;
    const password = "correct-horse-battery";
    const headers = { "content-type": "application/json", origin: "http://127.0.0.1" };
    const signUp = await fetch(`${instance.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: who, email, password }),
    });
    if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const mail = await db.query(
      "select text from email_outbox where to_address = $1 and template = 'verification'",
      [email],
    );
    const link = new URL(/https?:\/\/[^\s]+verify-email[^\s]+/.exec(mail.rows[0].text)?.[0] ?? "");
    await fetch(`${instance.url}${link.pathname}${link.search}`, { redirect: "manual" });
    const user = await db.query(`select id from "user" where email = $1`, [email]);
    await db.query("update profiles set role = $1 where user_id = $2", [role, user.rows[0].id]);
    await db.end();
    const signIn = await fetch(`${instance.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.ok).toBe(true);
    return { cookie: cookieOf(signIn), id: user.rows[0].id as string };
  }

  async function api(instance: Instance, cookie: string, method: string, pathname: string, body?: unknown) {
    const response = await fetch(`${instance.url}${pathname}`, {
      method,
      headers: {
        cookie,
        origin: "http://127.0.0.1",
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  }

  beforeAll(async () => {
    if (info.kind !== "postgres") return;
    name = `academy_inst_${randomBytes(5).toString("hex")}`;
    admin = new pg.Client({ connectionString: info.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${info.template}`);
    databaseUrl = withDatabase(info.url, name);
    [a, b] = await Promise.all([startInstance(databaseUrl), startInstance(databaseUrl)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    if (admin) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);

  it("a message posted through the first instance reaches a client connected to the second", async () => {
    if (!a || !b) throw new Error("instances not started");
    const teacher = await account(a, "Teacher Two", "creator");
    const student = await account(a, "Student Two", "student");
    const published = await api(a, teacher.cookie, "POST", "/api/courses/publish", {
      title: "Across instances",
      description: "Two processes, one database.",
      outline: [
        {
          id: "s1",
          title: "One",
          lessons: [
            {
              id: "l1",
              title: "Hi",
              type: "text",
              duration: 5,
              content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
            },
          ],
        },
      ],
    });
    const courseId = published.courseId as string;
    await api(a, student.cookie, "POST", `/api/courses/${courseId}/enroll`);
    const started = await api(a, student.cookie, "POST", "/api/conversations", { courseId });
    const conversationId = (started.conversation as { id: string }).id;

    // The teacher's browser is connected to instance B.
    const controller = new AbortController();
    const response = await fetch(`${b.url}/api/messaging/events`, {
      headers: { cookie: teacher.cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    if (!response.body) throw new Error("no body");
    const stream = readEvents(response.body);
    await stream.waitFor((events) => events.some((e) => e.event === "ready"));

    // The student posts through instance A.
    const sent = await api(a, student.cookie, "POST", `/api/conversations/${conversationId}/messages`, {
      content: "Sent via A, read via B",
    });
    await stream.waitFor(() => stream.messageIds().includes(sent.id as string), 10_000);
    const event = stream.events.find((e) => e.data.type === "message");
    expect(event?.data).toMatchObject({
      type: "message",
      message: { id: sent.id, conversationId, senderId: student.id, content: "Sent via A, read via B" },
    });
    // And the other way: the teacher answers through B, the student's stream on A receives it.
    const studentResponse = await fetch(`${a.url}/api/messaging/events`, {
      headers: { cookie: student.cookie },
    });
    if (!studentResponse.body) throw new Error("no body");
    const studentStream = readEvents(studentResponse.body);
    await studentStream.waitFor((events) => events.some((e) => e.event === "ready"));
    const reply = await api(b, teacher.cookie, "POST", `/api/conversations/${conversationId}/messages`, {
      content: "Answered via B",
    });
    await studentStream.waitFor(() => studentStream.messageIds().includes(reply.id as string), 10_000);
    await stream.close();
    await studentStream.close();
    controller.abort();
  }, 120_000);
});
