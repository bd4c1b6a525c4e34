import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ErrorBody } from "@academy/shared";
import { INVALID_MATERIAL_MESSAGE } from "@academy/shared/rules/upload-areas";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, storedFiles } from "../src/db/schema/index.ts";
import type { UploadResult } from "../src/features/uploads/uploads.service.ts";
import {
  deleteAbandonedUploads,
  TUS_ABANDONED_AFTER_MS,
  TUS_CHUNK_BYTES,
  tusDirectory,
} from "../src/features/uploads/uploads.tus.ts";
import { createStorage, localUploadsDir } from "../src/storage/storage.ts";
import { createTestContext, signUpAndSignIn, TEST_ORIGIN, type TestContext } from "./harness.ts";

// Issue 26 §1: resumable uploads over tus (POST /api/uploads/tus, HEAD/PATCH/DELETE …/<id>).

const MB = 1024 * 1024;
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2"),
]);
const PDF_HEAD = Buffer.from("%PDF-1.4\n");

/** `size` bytes starting with `head`, the rest a deterministic pattern (so a misplaced byte shows). */
function fileBytes(head: Buffer, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  head.copy(bytes, 0);
  return bytes;
}

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let ctx: TestContext;
let cara: Account; // creator
let dan: Account; // another creator
let sam: Account; // student
let server: ReturnType<typeof serve>;
let base: string;

const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

function tus(pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("tus-resumable", "1.0.0");
  headers.set("origin", TEST_ORIGIN);
  if (init.cookie) headers.set("cookie", init.cookie);
  return fetch(`${base}${pathname}`, { ...init, headers });
}

async function create(
  who: Account | undefined,
  length: number,
  area = "lesson-video",
  filename = "clip.mp4",
) {
  return tus("/api/uploads/tus", {
    method: "POST",
    cookie: who?.cookie,
    headers: { "upload-length": String(length), "upload-metadata": meta({ area, filename }) },
  });
}

async function createOk(who: Account, length: number, area = "lesson-video", filename = "clip.mp4") {
  const created = await create(who, length, area, filename);
  expect(created.status).toBe(201);
  const location = created.headers.get("location") ?? "";
  expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{32}$/);
  return location;
}

function patch(location: string, who: Account, offset: number, body: Buffer) {
  return tus(location, {
    method: "PATCH",
    cookie: who.cookie,
    headers: { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body,
  });
}

async function offsetOf(location: string, who: Account) {
  const head = await tus(location, { method: "HEAD", cookie: who.cookie });
  expect(head.status).toBe(200);
  return Number(head.headers.get("upload-offset"));
}

async function rowsOf(ownerId: string) {
  return ctx.runtime.db.select().from(storedFiles).where(eq(storedFiles.owner_id, ownerId));
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Cara Creator" });
  dan = await signUpAndSignIn(ctx, { name: "Dan Creator" });
  sam = await signUpAndSignIn(ctx, { name: "Sam Student" });
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, sam.userId));
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

describe("tus uploads", () => {
  it("create, HEAD, PATCH in chunks: the finished upload is the same stored file as POST /api/uploads", async () => {
    const bytes = fileBytes(MP4_HEAD, 300_000);
    const location = await createOk(cara, bytes.length);
    expect(await offsetOf(location, cara)).toBe(0);
    const first = await patch(location, cara, 0, bytes.subarray(0, 100_000));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe("100000");
    expect(await offsetOf(location, cara)).toBe(100_000);
    const last = await patch(location, cara, 100_000, bytes.subarray(100_000));
    expect(last.status).toBe(200);
    const result = (await last.json()) as UploadResult;

    // The same file through the old endpoint.
    const form = new FormData();
    form.set("area", "lesson-video");
    form.set("file", new Blob([bytes]), "clip.mp4");
    const old = await tus("/api/uploads", { method: "POST", cookie: cara.cookie, body: form });
    expect(old.status).toBe(201);
    const oldResult = (await old.json()) as UploadResult;

    const shape = (r: UploadResult) => ({ ...r, id: "", key: r.key.replace(/\/[^/]+$/, ""), url: "" });
    expect(shape(result)).toEqual(shape(oldResult));
    expect(result).toMatchObject({ mimeType: "video/mp4", sizeBytes: 300_000, originalName: "clip.mp4" });
    expect(result.url).toBe(`/files/${result.key}`);
    const rows = await rowsOf(cara.userId);
    const row = rows.find((r) => r.id === result.id);
    const oldRow = rows.find((r) => r.id === oldResult.id);
    expect(row).toBeDefined();
    const rowShape = (r: typeof row) => ({ ...r, id: "", key: r?.key.split("/").slice(0, 2), created_at: 0 });
    expect(rowShape(row)).toEqual(rowShape(oldRow));
    expect(row?.key).toMatch(new RegExp(`^lesson-video/${cara.userId}/\\d+-[0-9a-f]{16}\\.mp4$`));
    const stored = readFileSync(path.join(localUploadsDir(ctx.runtime.env), result.key));
    expect(stored.equals(bytes)).toBe(true);
    // The partial upload is gone once stored.
    expect((await tus(location, { method: "HEAD", cookie: cara.cookie })).status).toBe(404);
  });

  it("resumes after a PATCH is cut mid-body: HEAD gives the stored offset, the rest completes byte-identical", async () => {
    const size = 3 * MB;
    const bytes = fileBytes(MP4_HEAD, size);
    const location = await createOk(cara, size);
    const url = new URL(`${base}${location}`);
    // Send the whole length's headers but only 1.5 MB of body, then drop the connection.
    await new Promise<void>((resolve) => {
      const req = http.request(url, {
        method: "PATCH",
        headers: {
          "tus-resumable": "1.0.0",
          origin: TEST_ORIGIN,
          cookie: cara.cookie,
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
          "content-length": String(size),
        },
      });
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      req.write(bytes.subarray(0, 1.5 * MB), () => {
        setTimeout(() => req.destroy(), 300);
      });
    });
    // The server notices the abort and keeps what it wrote.
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      offset = await offsetOf(location, cara);
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(1.5 * MB);
    const rest = await patch(location, cara, offset, bytes.subarray(offset));
    expect(rest.status).toBe(200);
    const result = (await rest.json()) as UploadResult;
    expect(result.sizeBytes).toBe(size);
    const stored = readFileSync(path.join(localUploadsDir(ctx.runtime.env), result.key));
    expect(stored.equals(bytes)).toBe(true);
  });

  it("limits: Upload-Length over the area limit is 413; more bytes than declared are refused; chunks over 8 MB refused unread", async () => {
    const overVideo = await create(cara, 500 * MB + 1);
    expect(overVideo.status).toBe(413);
    expect(((await overVideo.json()) as ErrorBody).error.message).toBe("File size must be less than 500MB");
    const overMaterial = await create(cara, 100 * MB + 1, "material", "big.pdf");
    expect(overMaterial.status).toBe(413);
    expect(((await overMaterial.json()) as ErrorBody).error.message).toBe(
      "File size must be less than 100MB",
    );
    expect((await create(cara, 100 * MB, "material", "ok.pdf")).status).toBe(201);
    expect((await create(cara, 10, "nowhere")).status).toBe(400);
    const deferred = await tus("/api/uploads/tus", {
      method: "POST",
      cookie: cara.cookie,
      headers: { "upload-defer-length": "1", "upload-metadata": meta({ area: "material" }) },
    });
    expect(deferred.status).toBe(400);

    const location = await createOk(cara, 1000);
    const tooMany = await patch(location, cara, 0, fileBytes(MP4_HEAD, 2000));
    expect(tooMany.status).toBe(413);
    expect(await offsetOf(location, cara)).toBe(0);

    const big = await createOk(cara, 20 * MB);
    const overChunk = await patch(big, cara, 0, Buffer.alloc(TUS_CHUNK_BYTES + 1));
    expect(overChunk.status).toBe(413);
    expect(await offsetOf(big, cara)).toBe(0);
    const exact = await patch(
      big,
      cara,
      0,
      Buffer.concat([MP4_HEAD, Buffer.alloc(TUS_CHUNK_BYTES - MP4_HEAD.length)]),
    );
    expect(exact.status).toBe(204);
    expect(await offsetOf(big, cara)).toBe(TUS_CHUNK_BYTES);
  });

  it("ownership: another creator and a student get 404, a student cannot create (403), no session 401", async () => {
    const location = await createOk(cara, 1000);
    for (const other of [dan, sam]) {
      expect((await tus(location, { method: "HEAD", cookie: other.cookie })).status).toBe(404);
      expect((await patch(location, other, 0, fileBytes(MP4_HEAD, 1000))).status).toBe(404);
      expect((await tus(location, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    }
    expect(await offsetOf(location, cara)).toBe(0);
    expect((await create(sam, 1000)).status).toBe(403);
    expect((await create(undefined, 1000)).status).toBe(401);
    expect((await tus(location, { method: "HEAD" })).status).toBe(401);
    expect((await tus("/api/uploads/tus/not-an-id", { method: "HEAD", cookie: cara.cookie })).status).toBe(
      404,
    );
    // A cross-site request is refused like the rest of the API.
    const cross = await fetch(`${base}/api/uploads/tus`, {
      method: "POST",
      headers: {
        "tus-resumable": "1.0.0",
        origin: "https://evil.example",
        cookie: cara.cookie,
        "upload-length": "10",
        "upload-metadata": meta({ area: "material" }),
      },
    });
    expect(cross.status).toBe(403);
    // The owner may abandon it.
    expect((await tus(location, { method: "DELETE", cookie: cara.cookie })).status).toBe(204);
    expect((await tus(location, { method: "HEAD", cookie: cara.cookie })).status).toBe(404);
  });

  it("a wrong type by content is refused when the upload finishes, and its bytes are deleted", async () => {
    const before = (await rowsOf(cara.userId)).length;
    const bytes = fileBytes(PDF_HEAD, 5000);
    const location = await createOk(cara, bytes.length, "lesson-video", "lecture.mp4");
    const id = location.split("/").pop() ?? "";
    const refused = await patch(location, cara, 0, bytes);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("VALIDATION_FAILED");
    expect((await rowsOf(cara.userId)).length).toBe(before);
    const dir = tusDirectory({ storage: createStorage(ctx.runtime.env) });
    expect(existsSync(path.join(dir, id))).toBe(false);
    expect(existsSync(path.join(dir, `${id}.json`))).toBe(false);
  });

  it("material area over tus: a PDF by content is stored like POST /api/uploads; another type, over 100 MB, someone else or a student is refused", async () => {
    // A PDF of 9 MB in two chunks: stored under material/<owner>/ with the material row.
    const size = 9 * MB;
    const bytes = fileBytes(PDF_HEAD, size);
    const location = await createOk(cara, size, "material", "handbook.pdf");
    expect((await patch(location, cara, 0, bytes.subarray(0, TUS_CHUNK_BYTES))).status).toBe(204);
    // Someone else cannot see, continue or delete it; the owner's offset is unchanged.
    for (const other of [dan, sam]) {
      expect((await tus(location, { method: "HEAD", cookie: other.cookie })).status).toBe(404);
      expect((await patch(location, other, TUS_CHUNK_BYTES, bytes.subarray(TUS_CHUNK_BYTES))).status).toBe(
        404,
      );
      expect((await tus(location, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    }
    expect(await offsetOf(location, cara)).toBe(TUS_CHUNK_BYTES);
    const last = await patch(location, cara, TUS_CHUNK_BYTES, bytes.subarray(TUS_CHUNK_BYTES));
    expect(last.status).toBe(200);
    const result = (await last.json()) as UploadResult;
    expect(result).toMatchObject({
      mimeType: "application/pdf",
      sizeBytes: size,
      originalName: "handbook.pdf",
    });
    expect(result.key).toMatch(new RegExp(`^material/${cara.userId}/\\d+-[0-9a-f]{16}\\.pdf$`));
    const row = (await rowsOf(cara.userId)).find((r) => r.id === result.id);
    expect(row).toMatchObject({ area: "material", mime_type: "application/pdf", size_bytes: size });
    expect(readFileSync(path.join(localUploadsDir(ctx.runtime.env), result.key)).equals(bytes)).toBe(true);

    // An audio file (an MPEG layer 3 frame header) is a material too, whatever its name says.
    const mp3 = fileBytes(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 4000);
    const audio = await createOk(cara, mp3.length, "material", "lecture.bin");
    const audioDone = await patch(audio, cara, 0, mp3);
    expect(audioDone.status).toBe(200);
    expect(((await audioDone.json()) as UploadResult).mimeType).toBe("audio/mpeg");

    // Type by content: text called notes.pdf is refused with the material message, nothing stored.
    const before = (await rowsOf(cara.userId)).length;
    const text = Buffer.from("plain text, not a PDF\n".repeat(100));
    const fake = await createOk(cara, text.length, "material", "notes.pdf");
    const refused = await patch(fake, cara, 0, text);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(INVALID_MATERIAL_MESSAGE);
    expect((await rowsOf(cara.userId)).length).toBe(before);

    // The area's limit (100 MB) and its roles.
    const over = await create(cara, 100 * MB + 1, "material", "big.pdf");
    expect(over.status).toBe(413);
    expect(((await over.json()) as ErrorBody).error.message).toBe("File size must be less than 100MB");
    expect((await create(sam, 1000, "material", "a.pdf")).status).toBe(403);
    expect((await create(undefined, 1000, "material", "a.pdf")).status).toBe(401);
  });

  it("partial uploads without activity for 24 h are deleted by the cleanup (fake clock)", async () => {
    const deps = { storage: createStorage(ctx.runtime.env), logger: ctx.runtime.logger };
    const location = await createOk(dan, 5000);
    expect((await patch(location, dan, 0, fileBytes(MP4_HEAD, 2000))).status).toBe(204);
    const id = location.split("/").pop() ?? "";
    const now = Date.now();
    await deleteAbandonedUploads(deps, now + TUS_ABANDONED_AFTER_MS - 60_000);
    expect(await offsetOf(location, dan)).toBe(2000);
    const deleted = await deleteAbandonedUploads(deps, now + TUS_ABANDONED_AFTER_MS + 60_000);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(readdirSync(tusDirectory(deps)).filter((name) => name.startsWith(id))).toEqual([]);
    expect((await tus(location, { method: "HEAD", cookie: dan.cookie })).status).toBe(404);
  });
});
