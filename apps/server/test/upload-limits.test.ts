import { existsSync, mkdirSync, ReadStream, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ErrorBody } from "@academy/shared";
import { UPLOAD_AREAS } from "@academy/shared/rules/upload-areas";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFiles } from "../src/db/schema/index.ts";
import { createS3Storage } from "../src/storage/s3.ts";
import { localUploadsDir } from "../src/storage/storage.ts";
import { createTestContext, signUpAndSignIn, TEST_ORIGIN, type TestContext } from "./harness.ts";

// Issue 16 item 2: POST /api/uploads through the whole app (the 1 MB JSON limit used to answer 413
// to every file over 1 MB), each area just under and just over its limit, streamed.

const MB = 1024 * 1024;
const BOUNDARY = "----academy-test-boundary";
/** The first bytes of a PNG (signature + IHDR of a 1×1 image): the rest is padding. */
const PNG_HEAD = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2"),
]);
const PDF_HEAD = Buffer.from("%PDF-1.4\n");

let ctx: TestContext;
let creator: Awaited<ReturnType<typeof signUpAndSignIn>>;
let uploadsDir: string;

/**
 * A multipart body (`area` then `file`) generated chunk by chunk: `size` bytes of file starting
 * with `head`, never held in memory at once. Without Content-Length, so only the streaming check
 * can stop it.
 */
function streamedForm(area: string, head: Uint8Array, size: number, name: string) {
  const preamble = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="area"\r\n\r\n${area}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  let sent = -1;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) {
        controller.enqueue(preamble);
        controller.enqueue(head);
        sent = head.byteLength;
        return;
      }
      if (sent >= size) {
        controller.enqueue(epilogue);
        controller.close();
        return;
      }
      const n = Math.min(chunk.byteLength, size - sent);
      controller.enqueue(chunk.subarray(0, n));
      sent += n;
      pulled += n;
    },
  });
  return { stream, bytesPulled: () => pulled + head.byteLength };
}

function post(area: string, body: ReadableStream<Uint8Array>) {
  return Promise.resolve(
    ctx.app.request(`${TEST_ORIGIN}/api/uploads?area=${area}`, {
      method: "POST",
      body,
      duplex: "half",
      headers: {
        origin: TEST_ORIGIN,
        cookie: creator.cookie,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      },
    } as RequestInit),
  );
}

/** Every file under DATA_DIR/uploads (the staging folder included), relative to it. */
function filesOnDisk(): string[] {
  if (!existsSync(uploadsDir)) return [];
  return (readdirSync(uploadsDir, { recursive: true }) as string[])
    .filter((entry) => statSync(path.join(uploadsDir, entry)).isFile())
    .sort();
}

async function storedRows() {
  return ctx.runtime.db.select().from(storedFiles).where(eq(storedFiles.owner_id, creator.userId));
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  creator = await signUpAndSignIn(ctx, { name: "Creator Kim" });
  uploadsDir = localUploadsDir(ctx.runtime.env);
});
afterAll(async () => {
  await ctx?.close();
});

const CASES = [
  { area: "thumbnail", head: PNG_HEAD, name: "cover.png", mime: "image/png" },
  { area: "landing-page", head: PNG_HEAD, name: "hero.png", mime: "image/png" },
  { area: "social-image", head: PNG_HEAD, name: "og.png", mime: "image/png" },
  { area: "material", head: PDF_HEAD, name: "notes.pdf", mime: "application/pdf" },
] as const;

describe("POST /api/uploads: each area's own limit, streamed (not the 1 MB JSON limit)", () => {
  for (const { area, head, name, mime } of CASES) {
    const maxMb = UPLOAD_AREAS[area].maxMb;
    it(`${area}: accepts ${maxMb - 0.1} MB, refuses ${maxMb + 0.1} MB while streaming, storing nothing`, async () => {
      const under = Math.floor((maxMb - 0.1) * MB);
      const accepted = await post(area, streamedForm(area, head, under, name).stream);
      expect(accepted.status).toBe(201);
      const stored = (await accepted.json()) as { key: string; sizeBytes: number; mimeType: string };
      expect(stored).toMatchObject({ sizeBytes: under, mimeType: mime });
      expect(statSync(path.join(uploadsDir, stored.key)).size).toBe(under);

      const before = { rows: (await storedRows()).length, files: filesOnDisk() };
      const over = streamedForm(area, head, Math.ceil((maxMb + 0.1) * MB), name).stream;
      const refused = await post(area, over);
      expect(refused.status).toBe(413);
      expect(((await refused.json()) as ErrorBody).error.message).toBe(
        `File size must be less than ${maxMb}MB`,
      );
      expect((await storedRows()).length).toBe(before.rows);
      expect(filesOnDisk()).toEqual(before.files);

      // Reading stops at the limit (plus what is in flight), not at the end of a far larger body.
      const huge = streamedForm(area, head, 3 * maxMb * MB, name);
      expect((await post(area, huge.stream)).status).toBe(413);
      expect(huge.bytesPulled()).toBeLessThan(maxMb * MB + 2 * MB);
      expect((await storedRows()).length).toBe(before.rows);
      expect(filesOnDisk()).toEqual(before.files);
    });
  }

  it("lesson-video: accepts a 50 MB video and refuses 500.1 MB from Content-Length before reading it", async () => {
    const size = 50 * MB;
    const accepted = await post(
      "lesson-video",
      streamedForm("lesson-video", MP4_HEAD, size, "lesson.mp4").stream,
    );
    expect(accepted.status).toBe(201);
    const stored = (await accepted.json()) as { key: string; sizeBytes: number; mimeType: string };
    expect(stored).toMatchObject({ sizeBytes: size, mimeType: "video/mp4" });
    expect(statSync(path.join(uploadsDir, stored.key)).size).toBe(size);

    const before = { rows: (await storedRows()).length, files: filesOnDisk() };
    const over = streamedForm("lesson-video", MP4_HEAD, 600 * MB, "huge.mp4");
    const refused = await Promise.resolve(
      ctx.app.request(`${TEST_ORIGIN}/api/uploads?area=lesson-video`, {
        method: "POST",
        body: over.stream,
        duplex: "half",
        headers: {
          origin: TEST_ORIGIN,
          cookie: creator.cookie,
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          "content-length": String(Math.ceil(500.1 * MB)),
        },
      } as RequestInit),
    );
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as ErrorBody).error.message).toBe("File size must be less than 500MB");
    expect(over.bytesPulled()).toBeLessThan(2 * MB);
    expect((await storedRows()).length).toBe(before.rows);
    expect(filesOnDisk()).toEqual(before.files);
  });

  it("still decides the type from the first bytes: a text file as a thumbnail is refused and not kept", async () => {
    const before = { rows: (await storedRows()).length, files: filesOnDisk() };
    const response = await post(
      "thumbnail",
      streamedForm("thumbnail", Buffer.from("hello, not an image"), 2 * MB, "x.png").stream,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.message).toBe(
      UPLOAD_AREAS.thumbnail.invalidTypeMessage,
    );
    expect((await storedRows()).length).toBe(before.rows);
    expect(filesOnDisk()).toEqual(before.files);
  });

  it("keeps the 1 MB limit for JSON bodies elsewhere in the API", async () => {
    const response = await ctx.request("/api/uploads/generated-thumbnail", {
      method: "POST",
      cookie: creator.cookie,
      json: { title: "x".repeat(2 * MB) },
    });
    expect(response.status).toBe(413);
  });
});

describe("storing a staged file", () => {
  it("S3: one PUT streamed from the file with its length and the no-overwrite condition", async () => {
    const sent: unknown[] = [];
    const storage = createS3Storage(
      {
        endpoint: "http://127.0.0.1:9",
        region: "us-east-1",
        bucket: "b",
        accessKeyId: "k",
        secretAccessKey: "s",
        forcePathStyle: true,
      },
      { send: async (command) => void sent.push(command) },
    );
    mkdirSync(storage.stagingDir, { recursive: true });
    const file = path.join(storage.stagingDir, `test-${Date.now()}.part`);
    writeFileSync(file, PDF_HEAD);
    await storage.put("material/u/1.pdf", { path: file, size: PDF_HEAD.byteLength }, "application/pdf");
    const command = sent[0] as PutObjectCommand;
    expect(command).toBeInstanceOf(PutObjectCommand);
    expect(command.input).toMatchObject({
      Key: "material/u/1.pdf",
      ContentLength: PDF_HEAD.byteLength,
      IfNoneMatch: "*",
    });
    expect(command.input.Body).toBeInstanceOf(ReadStream);
    (command.input.Body as ReadStream).destroy();
  });
});
