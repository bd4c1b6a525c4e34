/**
 * Issue 25 N3 (../shared/audits/2026-11-28/security.md): memory stays bounded for any request.
 * Big bodies are streamed over raw TCP to the real listening server — with a Content-Length, chunked
 * (no Content-Length) and with a Content-Length that lies — and each must be answered 4xx before the
 * client has sent it in full: the server refuses from the headers or as soon as the stream passes the
 * route's limit, and never reads (buffers) the whole body first. The audit's case: an anonymous JSON
 * body on POST /api/uploads was read entirely by the NUL guard before the 401.
 */
import type { AddressInfo } from "node:net";
import net from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUpAndSignIn, type TestContext } from "./harness.ts";

const MB = 1024 * 1024;
/** What each big request offers to send. */
const OFFERED = 128 * MB;
/** More than the server may take in before it answers: its limit plus socket buffers. */
const MOST_BEFORE_ANSWER = 32 * MB;

let ctx: TestContext;
let server: ReturnType<typeof serve>;
let port: number;
let creatorCookie: string;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  creatorCookie = (await signUpAndSignIn(ctx, { name: "Creator Cleo" })).cookie;
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
}, 240_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

/**
 * Sends `head` then body bytes (chunked framing when `chunked`) until the server answers, closes
 * the connection, or `OFFERED` bytes are out; waits for the socket's buffer to drain before each
 * next chunk, so `sent` counts what the kernel took.
 * @returns the answer's status (0 when none arrived) and the body bytes sent before it.
 */
function offerBigBody(head: string, chunked: boolean): Promise<{ status: number; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunk = Buffer.alloc(256 * 1024, 0x61); // "aaaa…": valid neither as JSON nor as a part
    let sent = 0;
    let answer = "";
    let status = 0;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({ status, sent });
    };
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (match) {
        status = Number(match[1]);
        finish();
      }
    });
    socket.on("error", finish);
    socket.on("close", finish);
    const pump = () => {
      while (!finished && sent < OFFERED) {
        const frame = chunked
          ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
          : chunk;
        sent += chunk.length;
        if (!socket.write(frame)) {
          socket.once("drain", pump);
          return;
        }
      }
      if (!finished && chunked) socket.write("0\r\n\r\n");
    };
    socket.once("connect", () => {
      socket.write(head);
      pump();
    });
  });
}

/**
 * Sends `head` and body bytes without stopping at the answer, until the server closes the
 * connection (or `OFFERED` bytes are out, or 10 s pass).
 * @returns the whole answer text, the body bytes the kernel took after the answer's first byte,
 *   and whether the server closed the connection.
 */
function keepSendingAfterAnswer(
  head: string,
  chunked: boolean,
): Promise<{ answer: string; sentAfterAnswer: number; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    let sent = 0;
    let sentAtAnswer = -1;
    let answer = "";
    let finished = false;
    const finish = (closed: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ answer, sentAfterAnswer: sentAtAnswer < 0 ? 0 : sent - sentAtAnswer, closed });
    };
    const timer = setTimeout(() => finish(false), 10_000);
    socket.on("data", (data) => {
      if (sentAtAnswer < 0) sentAtAnswer = sent;
      answer += data.toString("latin1");
    });
    socket.on("end", () => finish(true));
    socket.on("error", () => finish(true));
    socket.on("close", () => finish(true));
    const pump = () => {
      while (!finished && sent < OFFERED) {
        const frame = chunked
          ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
          : chunk;
        sent += chunk.length;
        if (!socket.write(frame)) {
          socket.once("drain", pump);
          return;
        }
      }
    };
    socket.once("connect", () => {
      socket.write(head);
      pump();
    });
  });
}

function requestHead(
  path: string,
  headers: Record<string, string>,
  length: number | "chunked" = OFFERED,
): string {
  const all = {
    host: `127.0.0.1:${port}`,
    ...headers,
    ...(length === "chunked" ? { "transfer-encoding": "chunked" } : { "content-length": String(length) }),
  };
  return `POST ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
}

const JSON_TYPE = { "content-type": "application/json" };
const MULTIPART = { "content-type": "multipart/form-data; boundary=----big" };

async function expectRefusedEarly(head: string, chunked: boolean, status: number | ((s: number) => boolean)) {
  const { status: got, sent } = await offerBigBody(head, chunked);
  if (typeof status === "number") expect(got, head).toBe(status);
  else expect(status(got), `${head} → ${got}`).toBe(true);
  expect(sent, head).toBeLessThan(MOST_BEFORE_ANSWER);
}

describe("N3: a big body is refused without being read in full", () => {
  it("an anonymous JSON body on /api/uploads: 415 at once (with Content-Length and chunked)", async () => {
    await expectRefusedEarly(requestHead("/api/uploads", JSON_TYPE), false, 415);
    await expectRefusedEarly(requestHead("/api/uploads", JSON_TYPE, "chunked"), true, 415);
  });

  it("an anonymous multipart body on /api/uploads: 413 from its size, 401 before reading otherwise", async () => {
    await expectRefusedEarly(requestHead("/api/uploads", MULTIPART, 600 * MB), false, 413);
    await expectRefusedEarly(requestHead("/api/uploads?area=thumbnail", MULTIPART), false, 413);
    await expectRefusedEarly(requestHead("/api/uploads", MULTIPART), false, 401);
    await expectRefusedEarly(requestHead("/api/uploads", MULTIPART, "chunked"), true, 401);
  });

  it("a creator's chunked upload over the area's limit: 413 as soon as the stream passes it", async () => {
    const head = requestHead(
      "/api/uploads?area=thumbnail",
      { ...MULTIPART, cookie: creatorCookie },
      "chunked",
    );
    // The "aaa…" body never opens a part, so busboy's parse error may answer first: either way 4xx.
    await expectRefusedEarly(head, true, (s) => s === 413 || s === 400);
  });

  it("JSON routes: 413 from Content-Length, or once a chunked body passes 1 MB", async () => {
    await expectRefusedEarly(requestHead("/api/auth/sign-in/email", JSON_TYPE), false, 413);
    await expectRefusedEarly(requestHead("/api/auth/sign-in/email", JSON_TYPE, "chunked"), true, 413);
    await expectRefusedEarly(requestHead("/api/courses/publish", JSON_TYPE, "chunked"), true, 413);
    await expectRefusedEarly(
      requestHead(
        "/api/payments/callbacks/zalopay/00000000-0000-4000-8000-000000000000",
        JSON_TYPE,
        "chunked",
      ),
      true,
      413,
    );
  });

  it("pages outside /api: a chunked JSON body is not read past 1 MB either", async () => {
    await expectRefusedEarly(
      requestHead("/lp/some-page", JSON_TYPE, "chunked"),
      true,
      (s) => s >= 400 && s < 500,
    );
    await expectRefusedEarly(
      requestHead("/s/some-school", JSON_TYPE, "chunked"),
      true,
      (s) => s >= 400 && s < 500,
    );
  });

  it("a Content-Length that lies (small, then a flood): 4xx and the flood is not read", async () => {
    await expectRefusedEarly(requestHead("/api/uploads", JSON_TYPE, 64), false, 415);
    await expectRefusedEarly(
      requestHead("/api/auth/sign-in/email", JSON_TYPE, 64),
      false,
      (s) => s >= 400 && s < 500,
    );
    await expectRefusedEarly(requestHead("/api/uploads", MULTIPART, 64), false, 401);
  });

  it("after a refusal nothing more is read: the answer says Connection: close and arrives whole", async () => {
    // Like an attacker, the client keeps sending after the answer until the server closes. Before,
    // the server read and discarded up to 64 MB more per request (CPU every other request paid).
    for (const [head, chunked] of [
      [requestHead("/api/uploads", JSON_TYPE), false],
      [requestHead("/api/uploads", MULTIPART, "chunked"), true],
      [requestHead("/api/auth/sign-in/email", JSON_TYPE), false],
    ] as const) {
      const { answer, sentAfterAnswer, closed } = await keepSendingAfterAnswer(head, chunked);
      expect(answer, head).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(answer.toLowerCase(), head).toContain("connection: close");
      expect(answer, head).toMatch(/"error":\{"code":"[A-Z_]+"/);
      expect(closed, head).toBe(true);
      expect(sentAfterAnswer, head).toBeLessThan(16 * MB);
    }
  });

  it("the server still answers afterwards", async () => {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});
