import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ErrorBody } from "@academy/shared";
import { INVALID_MATERIAL_MESSAGE } from "@academy/shared/rules/upload-areas";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import { profiles, storedFiles } from "../src/db/schema/index.ts";
import type { UploadResult } from "../src/features/uploads/uploads.service.ts";
import {
  deleteAbandonedUploads,
  TUS_ABANDONED_AFTER_MS,
  tusDirectory,
} from "../src/features/uploads/uploads.tus.ts";
import { createTestContext, signUpAndSignIn, TEST_ORIGIN, type TestContext } from "./harness.ts";
import { startTestS3, type TestS3 } from "./support/s3rver-multipart.ts";

// Issue 26 §1 / decision 0235: with S3 configured, partial tus uploads live in the bucket
// (@tus/s3-store), so an upload started on one instance resumes on another. Two app instances over
// one database and one bucket (s3rver, with the multipart shim of support/s3rver-multipart.ts).

const MB = 1024 * 1024;
const PDF_HEAD = Buffer.from("%PDF-1.4\n");

function fileBytes(head: Buffer, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  head.copy(bytes, 0);
  return bytes;
}

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let s3: TestS3;
let ctx: TestContext;
let cara: Account;
let dan: Account;
let sam: Account;
const servers: ReturnType<typeof serve>[] = [];
let instanceA: string;
let instanceB: string;

const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

function tus(base: string, pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("tus-resumable", "1.0.0");
  headers.set("origin", TEST_ORIGIN);
  if (init.cookie) headers.set("cookie", init.cookie);
  return fetch(`${base}${pathname}`, { ...init, headers });
}

async function createOk(base: string, who: Account, length: number, filename = "handbook.pdf") {
  const created = await tus(base, "/api/uploads/tus", {
    method: "POST",
    cookie: who.cookie,
    headers: { "upload-length": String(length), "upload-metadata": meta({ area: "material", filename }) },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get("location") ?? "";
  expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{32}$/);
  return location;
}

function patch(base: string, location: string, who: Account, offset: number, body: Buffer) {
  return tus(base, location, {
    method: "PATCH",
    cookie: who.cookie,
    headers: { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body,
  });
}

async function offsetOf(base: string, location: string, who: Account) {
  const head = await tus(base, location, { method: "HEAD", cookie: who.cookie });
  expect(head.status).toBe(200);
  return Number(head.headers.get("upload-offset"));
}

async function readStored(key: string): Promise<{ bytes: Buffer; contentType?: string }> {
  const object = await ctx.runtime.storage.get(key);
  if (!object) throw new Error(`missing ${key}`);
  return {
    bytes: Buffer.from(await new Response(object.body).arrayBuffer()),
    contentType: object.contentType,
  };
}

async function listen(app: { fetch: (request: Request) => Response | Promise<Response> }) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  s3 = await startTestS3();
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_MAX: "1000",
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  });
  expect(ctx.runtime.storage.kind).toBe("s3");
  cara = await signUpAndSignIn(ctx, { name: "Cara Creator" });
  dan = await signUpAndSignIn(ctx, { name: "Dan Creator" });
  sam = await signUpAndSignIn(ctx, { name: "Sam Student" });
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, sam.userId));
  // Two instances: each its own app, tus server and S3 clients; one database, one bucket.
  instanceA = await listen(ctx.app);
  instanceB = await listen(createApp(ctx.runtime).app);
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await ctx?.close();
  await s3?.close();
});

describe("tus uploads with S3 (@tus/s3-store)", () => {
  it("a material upload started on instance A resumes on instance B and is stored as by POST /api/uploads", async () => {
    const size = 12 * MB + 12_345;
    const bytes = fileBytes(PDF_HEAD, size);
    const location = await createOk(instanceA, cara, size);
    const id = location.split("/").pop() ?? "";
    // The partial upload is in the bucket (state object + an open multipart upload), not on disk.
    expect(s3.objectKeys()).toContain(`${id}.info`);
    expect([...s3.openUploads().values()]).toContain(id);
    expect(existsSync(path.join(tusDirectory(ctx.runtime), id))).toBe(false);

    // 8 MiB on A (one S3 part), then B answers HEAD with that offset.
    expect((await patch(instanceA, location, cara, 0, bytes.subarray(0, 8 * MB))).status).toBe(204);
    expect(await offsetOf(instanceB, location, cara)).toBe(8 * MB);
    // 2 MiB on B (under S3's 5 MiB minimum part: kept as <id>.part), A sees it.
    expect((await patch(instanceB, location, cara, 8 * MB, bytes.subarray(8 * MB, 10 * MB))).status).toBe(
      204,
    );
    expect(s3.objectKeys()).toContain(`${id}.part`);
    expect(await offsetOf(instanceA, location, cara)).toBe(10 * MB);
    // The rest on B finishes it.
    const last = await patch(instanceB, location, cara, 10 * MB, bytes.subarray(10 * MB));
    expect(last.status).toBe(200);
    const result = (await last.json()) as UploadResult;
    expect(result).toMatchObject({
      mimeType: "application/pdf",
      sizeBytes: size,
      originalName: "handbook.pdf",
      url: `/files/${result.key}`,
    });
    expect(result.key).toMatch(new RegExp(`^material/${cara.userId}/\\d+-[0-9a-f]{16}\\.pdf$`));
    const [row] = await ctx.runtime.db.select().from(storedFiles).where(eq(storedFiles.id, result.id));
    expect(row).toMatchObject({
      owner_id: cara.userId,
      key: result.key,
      area: "material",
      mime_type: "application/pdf",
      size_bytes: size,
      original_name: "handbook.pdf",
    });
    const stored = await readStored(result.key);
    expect(stored.bytes.equals(bytes)).toBe(true);
    expect(stored.contentType).toBe("application/pdf");
    // Nothing of the partial upload is left in the bucket, on either instance.
    expect(s3.objectKeys().filter((key) => key.startsWith(id))).toEqual([]);
    expect([...s3.openUploads().values()]).not.toContain(id);
    expect((await tus(instanceA, location, { method: "HEAD", cookie: cara.cookie })).status).toBe(404);
    expect((await tus(instanceB, location, { method: "HEAD", cookie: cara.cookie })).status).toBe(404);
    // The material can be served like any upload.
    const served = await ctx.request(result.url, { cookie: cara.cookie });
    expect(served.status).toBe(200);
  });

  it("type by content: a text file called notes.pdf is refused with the material message; nothing is kept", async () => {
    const before = await ctx.runtime.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.owner_id, cara.userId));
    const bytes = Buffer.from("just some text, not a PDF at all\n".repeat(200));
    const location = await createOk(instanceA, cara, bytes.length, "notes.pdf");
    const id = location.split("/").pop() ?? "";
    const refused = await patch(instanceB, location, cara, 0, bytes);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as ErrorBody;
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.message).toBe(INVALID_MATERIAL_MESSAGE);
    const after = await ctx.runtime.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.owner_id, cara.userId));
    expect(after.length).toBe(before.length);
    expect(s3.objectKeys().filter((key) => key.startsWith(id))).toEqual([]);
  });

  it("limit and ownership hold on every instance: 413 over 100 MB, 404 for someone else's upload, 403 for a student", async () => {
    const over = await tus(instanceB, "/api/uploads/tus", {
      method: "POST",
      cookie: cara.cookie,
      headers: { "upload-length": String(100 * MB + 1), "upload-metadata": meta({ area: "material" }) },
    });
    expect(over.status).toBe(413);
    expect(((await over.json()) as ErrorBody).error.message).toBe("File size must be less than 100MB");
    const location = await createOk(instanceA, cara, 1000);
    for (const base of [instanceA, instanceB]) {
      for (const other of [dan, sam]) {
        expect((await tus(base, location, { method: "HEAD", cookie: other.cookie })).status).toBe(404);
        expect((await patch(base, location, other, 0, fileBytes(PDF_HEAD, 1000))).status).toBe(404);
        expect((await tus(base, location, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
      }
    }
    expect(await offsetOf(instanceB, location, cara)).toBe(0);
    const student = await tus(instanceB, "/api/uploads/tus", {
      method: "POST",
      cookie: sam.cookie,
      headers: { "upload-length": "1000", "upload-metadata": meta({ area: "material" }) },
    });
    expect(student.status).toBe(403);
    // The owner abandons it on the other instance: the multipart upload is aborted.
    const id = location.split("/").pop() ?? "";
    expect((await tus(instanceB, location, { method: "DELETE", cookie: cara.cookie })).status).toBe(204);
    expect([...s3.openUploads().values()]).not.toContain(id);
    expect((await tus(instanceA, location, { method: "HEAD", cookie: cara.cookie })).status).toBe(404);
  });

  it("partial uploads without a byte for 24 h are aborted in the bucket (fake clock)", async () => {
    const deps = { storage: ctx.runtime.storage, logger: ctx.runtime.logger };
    const location = await createOk(instanceA, dan, 6 * MB);
    const id = location.split("/").pop() ?? "";
    expect((await patch(instanceB, location, dan, 0, fileBytes(PDF_HEAD, 1 * MB))).status).toBe(204);
    const now = Date.now();
    expect(await deleteAbandonedUploads(deps, now + TUS_ABANDONED_AFTER_MS - 60_000)).toBe(0);
    expect(await offsetOf(instanceA, location, dan)).toBe(1 * MB);
    expect(await deleteAbandonedUploads(deps, now + TUS_ABANDONED_AFTER_MS + 60_000)).toBe(1);
    expect([...s3.openUploads().values()]).not.toContain(id);
    expect(s3.objectKeys().filter((key) => key.startsWith(id))).toEqual([]);
    expect((await tus(instanceB, location, { method: "HEAD", cookie: dan.cookie })).status).toBe(404);
    // A second run (another instance's worker) finds nothing left.
    expect(await deleteAbandonedUploads(deps, now + TUS_ABANDONED_AFTER_MS + 60_000)).toBe(0);
  });
});
