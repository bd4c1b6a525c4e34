import { createHash } from "node:crypto";
import { createReadStream, mkdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type AcademyServer, startAcademy } from "../lib/academy.ts";
import { inProcessApp } from "../lib/in-process.ts";
import { type Benchmark, row } from "../lib/types.ts";

// Issue 26 "Tests and proof": a 500 MB tus upload cut once mid-way resumes from the server's
// offset and re-sends at most one chunk (8 MiB); the server's RSS grows < 100 MB during it.

const MIB = 1024 * 1024;
/** The upload: 500 MiB, the lesson-video area's limit (500 × BYTES_PER_MB). */
const FILE_BYTES = 500 * MIB;
/** The web client's chunk (RESUMABLE_CHUNK_BYTES = the server's TUS_CHUNK_BYTES). */
const CHUNK_BYTES = 8 * MIB;
/** The PATCH that is cut: the middle one of the 63. */
const CUT_CHUNK = Math.floor(Math.ceil(FILE_BYTES / CHUNK_BYTES) / 2);
/** How much of that chunk is handed to the socket before it is destroyed. */
const CUT_AFTER_BYTES = 4 * MIB;
const PASSWORD = "bench-password-1";

/**
 * The file's bytes, generated from their offset (never held whole): an MP4 `ftyp` box (so the
 * server's content check takes it as a video) at the start of a 1 MiB pattern that repeats.
 * `pieceAt(offset, max)` returns a view of at most `max` bytes of the file from `offset`.
 */
const PERIOD = MIB;
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2"),
]);
const PATTERN = (() => {
  const once = Buffer.alloc(PERIOD);
  for (let i = 0; i < PERIOD; i++) once[i] = (i * 31 + 7) & 0xff;
  MP4_HEAD.copy(once, 0);
  return Buffer.concat([once, once]);
})();
function pieceAt(offset: number, max: number): Buffer {
  const start = offset % PERIOD;
  return PATTERN.subarray(start, start + Math.min(max, PERIOD));
}

/** SHA-256 of the whole generated file (the stored file must be identical, resend or not). */
function expectedSha256(): string {
  const hash = createHash("sha256");
  for (let offset = 0; offset < FILE_BYTES; ) {
    const piece = pieceAt(offset, Math.min(PERIOD, FILE_BYTES - offset));
    hash.update(piece);
    offset += piece.length;
  }
  return hash.digest("hex");
}

function fileSha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (data) => hash.update(data))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });
}

/** The server process's resident set size in bytes (Linux /proc), or NaN elsewhere. */
function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Client {
  baseUrl: string;
  cookie: string;
  /** Every byte handed to a PATCH request (what the client put on the wire, cut chunk included). */
  sentBytes: number;
}

/** One HTTP request with a small body (or none); resolves with the answer. */
function request(
  client: Client,
  method: string,
  pathname: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${client.baseUrl}${pathname}`,
      {
        method,
        headers: { "tus-resumable": "1.0.0", origin: client.baseUrl, cookie: client.cookie, ...headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          body += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/**
 * PATCHes the file's bytes [offset, offset + length) to `location`, streamed in pieces with
 * back-pressure. With `cutAfter`, the socket is destroyed once that many bytes were handed to it
 * (a dropped connection) and the promise resolves with status 0.
 */
function patch(
  client: Client,
  location: string,
  offset: number,
  length: number,
  cutAfter?: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (answer: Answer | Error) => {
      if (settled) return;
      settled = true;
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    };
    const req = http.request(
      `${client.baseUrl}${location}`,
      {
        method: "PATCH",
        agent: false,
        headers: {
          "tus-resumable": "1.0.0",
          origin: client.baseUrl,
          cookie: client.cookie,
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
          "content-length": String(length),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          body += d;
        });
        res.on("end", () => settle({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", (error) => {
      if (cutAfter !== undefined) settle({ status: 0, headers: {}, body: String(error) });
      else settle(error);
    });
    let written = 0;
    const pump = () => {
      while (written < length) {
        const limit = cutAfter !== undefined ? cutAfter - written : length - written;
        if (limit <= 0) {
          // The connection drops mid-chunk.
          req.destroy(new Error("connection cut by the benchmark"));
          return;
        }
        const piece = pieceAt(offset + written, Math.min(limit, length - written));
        written += piece.length;
        client.sentBytes += piece.length;
        if (!req.write(piece)) {
          req.once("drain", pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

async function createUpload(client: Client, length: number, filename: string): Promise<string> {
  const meta = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
      .join(",");
  const created = await request(client, "POST", "/api/uploads/tus", {
    "upload-length": String(length),
    "upload-metadata": meta({ area: "lesson-video", filename }),
  });
  const location = created.headers.location;
  if (created.status !== 201 || !location)
    throw new Error(`tus creation answered ${created.status}: ${created.body.slice(0, 300)}`);
  return location;
}

async function headOffset(client: Client, location: string): Promise<number> {
  const head = await request(client, "HEAD", location, {});
  if (head.status !== 200) throw new Error(`HEAD ${location} answered ${head.status}`);
  return Number(head.headers["upload-offset"]);
}

/**
 * Sends a whole upload of `total` bytes in CHUNK_BYTES PATCHes from the server's offset, like
 * tus-js-client: the chunk number `cutChunk` (if any) is cut after CUT_AFTER_BYTES, then the
 * client asks HEAD for the offset and goes on from there (a 409 offset conflict also re-asks).
 * @returns the final PATCH's JSON (the stored file) and the offset HEAD reported after the cut.
 */
async function upload(
  client: Client,
  location: string,
  total: number,
  cutChunk?: number,
): Promise<{ stored: { key: string; sizeBytes: number }; cutAt?: number; resumedFrom?: number }> {
  let offset = 0;
  let chunk = 0;
  let cutAt: number | undefined;
  let resumedFrom: number | undefined;
  for (let attempts = 0; attempts < 200; attempts++) {
    const length = Math.min(CHUNK_BYTES, total - offset);
    const cut = chunk === cutChunk && cutAt === undefined ? CUT_AFTER_BYTES : undefined;
    if (cut !== undefined) cutAt = offset;
    const answer = await patch(client, location, offset, length, cut);
    if (answer.status === 200) return { stored: JSON.parse(answer.body), cutAt, resumedFrom };
    if (answer.status === 204) {
      offset = Number(answer.headers["upload-offset"]);
      chunk++;
      continue;
    }
    if (answer.status === 0 || answer.status === 409) {
      offset = await headOffset(client, location);
      if (cut !== undefined) resumedFrom = offset;
      chunk++;
      continue;
    }
    throw new Error(`PATCH at ${offset} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  throw new Error("the upload did not finish in 200 requests");
}

/** A creator account in `dataDir` (made in-process before the server starts there). */
async function seedCreator(dataDir: string): Promise<string> {
  const app = await inProcessApp({ dataDir });
  try {
    const email = `tus-bench-${Date.now()}@example.com`;
    await app.creator(email, "Tus Bench Creator");
    return email;
  } finally {
    await app.close();
  }
}

async function signIn(server: AcademyServer, email: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Issue 26 §1: one 500 MiB lesson-video upload over tus against a real server process
 * (`node --import tsx apps/server/src/index.ts`, PGlite, local storage, FFMPEG_PATH=off so no
 * transcode runs on the padded file): 8 MiB PATCHes over 127.0.0.1, the middle one cut after
 * 4 MiB by destroying its socket, then resumed from HEAD's Upload-Offset. Rows: bytes re-sent
 * (every byte handed to a PATCH − the file's size; goal ≤ one chunk), the server's RSS growth
 * (peak sampled every 20 ms − the value after a 16 MiB warm-up upload; goal < 100 MB), and the
 * throughput (file size / time from creation to the final 200, which includes moving the file
 * into storage). The stored file's SHA-256 is checked against the generated bytes.
 */
export const uploadsTusBenchmark: Benchmark = {
  id: "uploads-tus",
  title: "Lesson video: 500 MB tus upload cut once and resumed",
  async run(ctx) {
    const dataDir = path.join(ctx.tempDir, "tus-data");
    mkdirSync(dataDir, { recursive: true });
    const email = await seedCreator(dataDir);
    const server = await startAcademy({
      dataDir,
      label: "academy (tus uploads)",
      env: { FFMPEG_PATH: "off" },
    });
    try {
      const client: Client = { baseUrl: server.baseUrl, cookie: await signIn(server, email), sentBytes: 0 };

      // Warm-up: a 16 MiB upload loads the tus, file-type and storage code paths.
      const warmLocation = await createUpload(client, 2 * CHUNK_BYTES, "warm-up.mp4");
      await upload(client, warmLocation, 2 * CHUNK_BYTES);
      client.sentBytes = 0;

      const baseline = rssOf(server.proc.pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(server.proc.pid));
      }, 20);
      const started = performance.now();
      let result: Awaited<ReturnType<typeof upload>>;
      try {
        const location = await createUpload(client, FILE_BYTES, "lesson-500mb.mp4");
        ctx.log(`uploads-tus: uploading 500 MiB to ${location}, cutting chunk ${CUT_CHUNK + 1}`);
        result = await upload(client, location, FILE_BYTES, CUT_CHUNK);
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      peak = Math.max(peak, rssOf(server.proc.pid));

      const stored = path.join(dataDir, "uploads", result.stored.key);
      const size = statSync(stored).size;
      if (size !== FILE_BYTES || result.stored.sizeBytes !== FILE_BYTES)
        throw new Error(`stored ${size} bytes (row: ${result.stored.sizeBytes}), expected ${FILE_BYTES}`);
      const [actual, expected] = await Promise.all([fileSha256(stored), Promise.resolve(expectedSha256())]);
      if (actual !== expected) throw new Error("the stored file differs from the bytes sent");

      const resent = client.sentBytes - FILE_BYTES;
      const growthMb = Math.round(((peak - baseline) / MIB) * 10) / 10;
      ctx.log(
        `uploads-tus: cut at offset ${result.cutAt} (+${CUT_AFTER_BYTES} handed to the socket), HEAD said ${result.resumedFrom}; ` +
          `${client.sentBytes} bytes sent for ${FILE_BYTES}; ${seconds.toFixed(1)} s; RSS ${Math.round(baseline / MIB)} → peak ${Math.round(peak / MIB)} MB; SHA-256 identical`,
      );
      return [
        row(
          "tus 500 MiB upload cut mid-chunk once: bytes re-sent after the cut",
          Math.round((resent / MIB) * 100) / 100,
          "MiB",
          { op: "<=", value: CHUNK_BYTES / MIB, unit: "MiB" },
          {
            cutChunkOffset: result.cutAt,
            handedToSocketBeforeCut: CUT_AFTER_BYTES,
            headOffsetAfterCut: result.resumedFrom,
            bytesSent: client.sentBytes,
            storedSha256Identical: true,
          },
        ),
        row(
          "tus 500 MiB upload: server RSS growth",
          growthMb,
          "MB",
          { op: "<", value: 100, unit: "MB" },
          { baselineMb: Math.round(baseline / MIB), peakMb: Math.round(peak / MIB) },
        ),
        row(
          "tus 500 MiB upload over 127.0.0.1 (8 MiB PATCHes, one cut, finish included)",
          Math.round((FILE_BYTES / MIB / seconds) * 10) / 10,
          "MiB/s",
          null,
          { seconds: Math.round(seconds * 10) / 10 },
        ),
      ];
    } finally {
      await server.stop();
    }
  },
};
