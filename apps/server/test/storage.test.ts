import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../src/env.ts";
import { createS3Storage, type S3Sender } from "../src/storage/s3.ts";
import {
  createStorage,
  isValidKey,
  type Storage,
  StorageKeyError,
  StorageKeyExistsError,
  StorageRangeError,
} from "../src/storage/storage.ts";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const TRAVERSAL_KEYS = [
  "../outside.png",
  "thumbnail/../../outside.png",
  "a/../b.png",
  "/etc/passwd",
  "a//b.png",
  "a/./b.png",
  "a\\..\\b.png",
  "..",
  "",
  "a/b/",
  "%2e%2e/x.png",
  "thumbnail/user/ü.png",
  "a\u0000b",
];

describe("storage keys", () => {
  it("accepts keys of the upload pattern", () => {
    expect(isValidKey("thumbnail/AbC123xyz/1718000000000-0123456789abcdef.png")).toBe(true);
    expect(isValidKey("lesson-video/u_1/1-a.mp4")).toBe(true);
  });

  it.each(TRAVERSAL_KEYS)("refuses %j", (key) => {
    expect(isValidKey(key)).toBe(false);
  });
});

describe("local storage under DATA_DIR/uploads", () => {
  let dataDir: string;
  let storage: Storage;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-storage-"));
    storage = createStorage(loadEnv({ DATA_DIR: dataDir }));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is the default storage", () => {
    expect(storage.kind).toBe("local");
  });

  it("stores bytes at <DATA_DIR>/uploads/<key> and reads them back", async () => {
    const bytes = randomBytes(1000);
    await storage.put("thumbnail/u1/1-aa.png", bytes, "image/png");
    expect(readFileSync(path.join(dataDir, "uploads", "thumbnail", "u1", "1-aa.png"))).toEqual(bytes);
    const object = await storage.get("thumbnail/u1/1-aa.png");
    expect(object?.size).toBe(1000);
    expect(await readAll(object!.body)).toEqual(bytes);
    // No temporary files are left beside it.
    expect(readdirSync(path.join(dataDir, "uploads", "thumbnail", "u1"))).toEqual(["1-aa.png"]);
  });

  it("reads an inclusive byte range, reporting the whole size", async () => {
    const bytes = randomBytes(500);
    await storage.put("material/u1/2-bb.pdf", bytes, "application/pdf");
    const object = await storage.get("material/u1/2-bb.pdf", { start: 100, end: 199 });
    expect(object?.size).toBe(500);
    expect(await readAll(object!.body)).toEqual(bytes.subarray(100, 200));
    const last = await storage.get("material/u1/2-bb.pdf", { start: 499, end: 499 });
    expect(await readAll(last!.body)).toEqual(bytes.subarray(499));
  });

  it("refuses a range outside the object", async () => {
    await expect(storage.get("material/u1/2-bb.pdf", { start: 400, end: 500 })).rejects.toBeInstanceOf(
      StorageRangeError,
    );
    await expect(storage.get("material/u1/2-bb.pdf", { start: 9, end: 3 })).rejects.toBeInstanceOf(
      StorageRangeError,
    );
  });

  it("never overwrites an existing key (spec 001 §7 no overwrite)", async () => {
    const original = Buffer.from("original");
    await storage.put("thumbnail/u1/3-cc.png", original, "image/png");
    await expect(
      storage.put("thumbnail/u1/3-cc.png", Buffer.from("replaced"), "image/png"),
    ).rejects.toBeInstanceOf(StorageKeyExistsError);
    expect(await readAll((await storage.get("thumbnail/u1/3-cc.png"))!.body)).toEqual(original);
    expect(readdirSync(path.join(dataDir, "uploads", "thumbnail", "u1")).sort()).toEqual([
      "1-aa.png",
      "3-cc.png",
    ]);
  });

  it("answers undefined for a missing key and deletes idempotently", async () => {
    expect(await storage.get("thumbnail/u1/missing.png")).toBeUndefined();
    expect(await storage.get("nowhere/at/all.png")).toBeUndefined();
    await storage.delete("thumbnail/u1/1-aa.png");
    expect(existsSync(path.join(dataDir, "uploads", "thumbnail", "u1", "1-aa.png"))).toBe(false);
    expect(await storage.get("thumbnail/u1/1-aa.png")).toBeUndefined();
    await expect(storage.delete("thumbnail/u1/1-aa.png")).resolves.toBeUndefined();
  });

  it("serves an empty object", async () => {
    await storage.put("material/u1/4-dd.bin", new Uint8Array(0), "application/octet-stream");
    const object = await storage.get("material/u1/4-dd.bin");
    expect(object?.size).toBe(0);
    expect((await readAll(object!.body)).length).toBe(0);
  });

  it.each(TRAVERSAL_KEYS)(
    "refuses the path-traversal or malformed key %j for every operation",
    async (key) => {
      await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
      expect(existsSync(path.join(dataDir, "outside.png"))).toBe(false);
      expect(existsSync(path.join(dataDir, "uploads", "outside.png"))).toBe(false);
    },
  );
});

/** An S3 client stand-in that records each command and answers with `reply`. */
function fakeS3(reply: (command: unknown) => unknown) {
  const sent: unknown[] = [];
  const client: S3Sender = {
    async send(command) {
      sent.push(command);
      return reply(command);
    },
  };
  return { client, sent };
}

function s3Error(name: string, status: number): Error {
  return Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
}

const S3_CONFIG = {
  endpoint: "http://127.0.0.1:9000",
  region: "us-east-1",
  bucket: "academy",
  accessKeyId: "key",
  secretAccessKey: "secret",
  forcePathStyle: true,
};

describe("S3 storage (fake client: no network)", () => {
  it("is chosen when the S3 variables are set", () => {
    const env = loadEnv({
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "academy",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(createStorage(env).kind).toBe("s3");
  });

  it("puts with If-None-Match: * (no overwrite), the content type and a one-hour cache", async () => {
    const { client, sent } = fakeS3(() => ({}));
    const storage = createS3Storage(S3_CONFIG, client);
    const bytes = new Uint8Array([1, 2, 3]);
    await storage.put("landing-page/u1/1-aa.webp", bytes, "image/webp");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect((sent[0] as PutObjectCommand).input).toEqual({
      Bucket: "academy",
      Key: "landing-page/u1/1-aa.webp",
      Body: bytes,
      ContentType: "image/webp",
      ContentLength: 3,
      CacheControl: "public, max-age=3600",
      IfNoneMatch: "*",
    });
  });

  it("a finished tus upload already in the bucket is copied inside it, with the same headers and no overwrite", async () => {
    const { client, sent } = fakeS3(() => ({}));
    const storage = createS3Storage(S3_CONFIG, client);
    expect(storage.s3Config).toBe(S3_CONFIG);
    await storage.put(
      "material/u1/1-aa.pdf",
      { bucketKey: "0123456789abcdef0123456789abcdef", size: 10 },
      "application/pdf",
    );
    expect(sent[0]).toBeInstanceOf(CopyObjectCommand);
    expect((sent[0] as CopyObjectCommand).input).toEqual({
      Bucket: "academy",
      Key: "material/u1/1-aa.pdf",
      CopySource: "academy/0123456789abcdef0123456789abcdef",
      MetadataDirective: "REPLACE",
      ContentType: "application/pdf",
      CacheControl: "public, max-age=3600",
      IfNoneMatch: "*",
    });
    const { client: taken } = fakeS3(() => {
      throw s3Error("PreconditionFailed", 412);
    });
    await expect(
      createS3Storage(S3_CONFIG, taken).put("a/b.pdf", { bucketKey: "x", size: 1 }, "application/pdf"),
    ).rejects.toBeInstanceOf(StorageKeyExistsError);
    await expect(
      storage.put("a/b.pdf", { bucketKey: "../x", size: 1 }, "application/pdf"),
    ).rejects.toBeInstanceOf(StorageKeyError);
  });

  it("turns 412 Precondition Failed (and 409 conflicts) into StorageKeyExistsError", async () => {
    for (const error of [s3Error("PreconditionFailed", 412), s3Error("ConditionalRequestConflict", 409)]) {
      const { client } = fakeS3(() => {
        throw error;
      });
      await expect(
        createS3Storage(S3_CONFIG, client).put("a/b.png", new Uint8Array(1), "image/png"),
      ).rejects.toBeInstanceOf(StorageKeyExistsError);
    }
  });

  it("gets a range with a Range header and reads the whole size from Content-Range", async () => {
    const { client, sent } = fakeS3(() => ({
      Body: { transformToWebStream: () => new Response(new Uint8Array([5, 6, 7])).body },
      ContentRange: "bytes 10-12/4000",
      ContentLength: 3,
      ContentType: "video/mp4",
    }));
    const object = await createS3Storage(S3_CONFIG, client).get("lesson-video/u1/1-aa.mp4", {
      start: 10,
      end: 12,
    });
    expect(sent[0]).toBeInstanceOf(GetObjectCommand);
    expect((sent[0] as GetObjectCommand).input).toEqual({
      Bucket: "academy",
      Key: "lesson-video/u1/1-aa.mp4",
      Range: "bytes=10-12",
    });
    expect(object?.size).toBe(4000);
    expect(object?.contentType).toBe("video/mp4");
    expect([...(await readAll(object!.body))]).toEqual([5, 6, 7]);
  });

  it("gets a whole object without a Range header", async () => {
    const { client, sent } = fakeS3(() => ({
      Body: { transformToWebStream: () => new Response(new Uint8Array([1, 2])).body },
      ContentLength: 2,
    }));
    const object = await createS3Storage(S3_CONFIG, client).get("a/b.pdf");
    expect((sent[0] as GetObjectCommand).input.Range).toBeUndefined();
    expect(object?.size).toBe(2);
  });

  it("answers undefined for NoSuchKey and StorageRangeError for 416", async () => {
    const missing = fakeS3(() => {
      throw s3Error("NoSuchKey", 404);
    });
    expect(await createS3Storage(S3_CONFIG, missing.client).get("a/b.png")).toBeUndefined();
    const outside = fakeS3(() => {
      throw s3Error("InvalidRange", 416);
    });
    await expect(
      createS3Storage(S3_CONFIG, outside.client).get("a/b.png", { start: 10, end: 20 }),
    ).rejects.toBeInstanceOf(StorageRangeError);
  });

  it("deletes with DeleteObject", async () => {
    const { client, sent } = fakeS3(() => ({}));
    await createS3Storage(S3_CONFIG, client).delete("a/b.png");
    expect(sent[0]).toBeInstanceOf(DeleteObjectCommand);
    expect((sent[0] as DeleteObjectCommand).input).toEqual({ Bucket: "academy", Key: "a/b.png" });
  });

  it("refuses bad keys before sending anything", async () => {
    const { client, sent } = fakeS3(() => ({}));
    const storage = createS3Storage(S3_CONFIG, client);
    await expect(storage.put("../x.png", new Uint8Array(1), "image/png")).rejects.toBeInstanceOf(
      StorageKeyError,
    );
    await expect(storage.get("/etc/passwd")).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.delete("a/../b")).rejects.toBeInstanceOf(StorageKeyError);
    expect(sent).toHaveLength(0);
  });
});
