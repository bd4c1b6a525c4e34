import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ErrorBody } from "@academy/shared";
import { OpenAPIHono } from "@hono/zod-openapi";
import { Resvg } from "@resvg/resvg-js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, storedFiles } from "../src/db/schema/index.ts";
import { signFileUrl } from "../src/features/uploads/file-signing.ts";
import { fileRoutes, uploadRoutes } from "../src/features/uploads/uploads.routes.ts";
import type { UploadDeps, UploadResult } from "../src/features/uploads/uploads.service.ts";
import { AppError } from "../src/lib/errors.ts";
import type { AppEnv } from "../src/lib/http.ts";
import { createStorage, localUploadsDir } from "../src/storage/storage.ts";
import { createTestContext, signUpAndSignIn, TEST_ORIGIN, type TestContext } from "./harness.ts";

/**
 * The uploads routers on a small app of their own (the harness's app does not mount them yet):
 * the same session loading as app.ts for /api/*, the routers, and the AppError → JSON handler.
 */
function uploadsApp(ctx: TestContext, deps: UploadDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/api/*", async (c, next) => {
    c.set("user", null);
    c.set("sessionId", null);
    if (c.req.header("cookie")?.includes("session_token")) {
      const session = await ctx.runtime.auth.api.getSession({ headers: c.req.raw.headers });
      if (session) {
        const { id, email, name, emailVerified } = session.user;
        c.set("user", { id, email, name, emailVerified });
        c.set("sessionId", session.session.id);
      }
    }
    await next();
  });
  app.route("/api", uploadRoutes(deps));
  app.route("/", fileRoutes({ ...deps, authSecret: async () => "uploads-test-secret" }));
  app.onError((error, c) => {
    if (error instanceof AppError)
      return c.json(
        { error: { code: error.code, message: error.message, issues: error.issues } },
        error.status as 400,
      );
    return c.json({ error: { code: "INTERNAL", message: String(error) } }, 500);
  });
  return app;
}

let ctx: TestContext;
let app: ReturnType<typeof uploadsApp>;
let uploadsDir: string;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator (the default role)
let dan: Account; // another creator
let sam: Account; // student

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  const storage = createStorage(ctx.runtime.env);
  uploadsDir = localUploadsDir(ctx.runtime.env);
  app = uploadsApp(ctx, { db: ctx.runtime.db, storage, logger: ctx.runtime.logger });
  cara = await signUpAndSignIn(ctx, { name: "Creator Cara" });
  dan = await signUpAndSignIn(ctx, { name: "Creator Dan" });
  sam = await signUpAndSignIn(ctx, { name: "Student Sam" });
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, sam.userId));
});
afterAll(async () => {
  await ctx?.close();
});

function send(pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("origin", TEST_ORIGIN);
  if (init.cookie) headers.set("cookie", init.cookie);
  return Promise.resolve(app.request(`${TEST_ORIGIN}${pathname}`, { ...init, headers }));
}

/** POST /api/uploads with `area` then `file` (or `file` first when areaLast). */
function upload(
  who: Account | undefined,
  area: string,
  bytes: Uint8Array,
  name: string,
  type: string,
  options: { areaLast?: boolean; query?: string } = {},
) {
  const form = new FormData();
  if (!options.areaLast) form.append("area", area);
  form.append("file", new File([bytes], name, { type }));
  if (options.areaLast) form.append("area", area);
  return send(`/api/uploads${options.query ?? ""}`, { method: "POST", body: form, cookie: who?.cookie });
}

async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}

/** Every file under DATA_DIR/uploads, relative to it. */
function filesOnDisk(): string[] {
  if (!existsSync(uploadsDir)) return [];
  return (readdirSync(uploadsDir, { recursive: true }) as string[])
    .filter((entry) => statSync(path.join(uploadsDir, entry)).isFile())
    .sort();
}

async function rowCount() {
  return (await ctx.runtime.db.select().from(storedFiles)).length;
}

/** A real PNG of the given size, drawn by resvg. */
function png(width = 4, height = 3): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#00C7B1"/></svg>`;
  return new Uint8Array(new Resvg(svg).render().asPng());
}
/** A 1×1 baseline JPEG. */
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);
/** A 1×1 lossless WebP. */
const WEBP = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
/** The start of an MP4 file: an ftyp box with brand isom. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2"),
  Buffer.alloc(64),
]);
/** An OLE compound file header (what a legacy .ppt starts with). */
const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const MB = 1024 * 1024;
/** `size` bytes that start like a PNG: only the size should matter. */
function bigPng(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(png());
  return bytes;
}

describe("POST /api/uploads: who may upload", () => {
  it("refuses an anonymous visitor with 401", async () => {
    const response = await upload(undefined, "thumbnail", png(), "a.png", "image/png");
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe("UNAUTHORIZED");
  });

  it("refuses a student with 403 before storing anything", async () => {
    const before = await rowCount();
    const response = await upload(sam, "thumbnail", png(), "a.png", "image/png");
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({
      code: "FORBIDDEN",
      message: "Only creators can upload course files.",
    });
    expect(await rowCount()).toBe(before);
  });
});

let pngUpload: UploadResult;
let pngBytes: Uint8Array;

describe("POST /api/uploads: valid images (spec 001 §5)", () => {
  it("stores a PNG thumbnail under thumbnail/<userId>/<timestamp>-<random>.png with a stored_files row", async () => {
    pngBytes = png(8, 6);
    const before = Date.now();
    const response = await upload(cara, "thumbnail", pngBytes, "cover.png", "image/png");
    expect(response.status).toBe(201);
    pngUpload = (await response.json()) as UploadResult;
    expect(pngUpload).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(new RegExp(`^thumbnail/${cara.userId}/\\d{13}-[0-9a-f]{16}\\.png$`)),
      url: `/files/${pngUpload.key}`,
      mimeType: "image/png",
      sizeBytes: pngBytes.byteLength,
      originalName: "cover.png",
    });
    const timestamp = Number(/\/(\d+)-/.exec(pngUpload.key)?.[1]);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
    const [row] = await ctx.runtime.db.select().from(storedFiles).where(eq(storedFiles.id, pngUpload.id));
    expect(row).toMatchObject({
      owner_id: cara.userId,
      key: pngUpload.key,
      area: "thumbnail",
      mime_type: "image/png",
      size_bytes: pngBytes.byteLength,
      original_name: "cover.png",
    });
    expect(readFileSync(path.join(uploadsDir, pngUpload.key))).toEqual(Buffer.from(pngBytes));
  });

  it("decides the type from the bytes: a JPEG named .png is stored as image/jpeg with .jpg", async () => {
    const response = await upload(cara, "landing-page", JPEG, "photo.png", "image/png");
    expect(response.status).toBe(201);
    const body = (await response.json()) as UploadResult;
    expect(body.mimeType).toBe("image/jpeg");
    expect(body.key).toMatch(new RegExp(`^landing-page/${cara.userId}/\\d+-[0-9a-f]{16}\\.jpg$`));
  });

  it("stores a WebP social image", async () => {
    const response = await upload(cara, "social-image", WEBP, "og.webp", "image/webp");
    expect(response.status).toBe(201);
    expect(((await response.json()) as UploadResult).mimeType).toBe("image/webp");
  });

  it("keeps a Vietnamese file name", async () => {
    const response = await upload(cara, "thumbnail", png(), "Ảnh bìa khóa học.png", "image/png");
    expect(response.status).toBe(201);
    expect(((await response.json()) as UploadResult).originalName).toBe("Ảnh bìa khóa học.png");
  });
});

describe("POST /api/uploads: refusals store nothing", () => {
  async function expectNothingStored(action: () => Promise<void>) {
    const rows = await rowCount();
    const files = filesOnDisk();
    await action();
    expect(await rowCount()).toBe(rows);
    expect(filesOnDisk()).toEqual(files);
  }

  it("refuses a text file disguised as photo.png (image/png) with the spec's message", async () => {
    await expectNothingStored(async () => {
      const text = Buffer.from("This is not an image, just some text pretending to be one.\n");
      const response = await upload(cara, "thumbnail", text, "photo.png", "image/png");
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: "VALIDATION_FAILED",
        message: "Please upload a valid image file (JPEG, PNG or WebP).",
      });
    });
  });

  it("refuses a GIF or a PDF as a landing-page image with the same message", async () => {
    await expectNothingStored(async () => {
      const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
      for (const [bytes, name] of [
        [gif, "a.gif"],
        [PDF, "a.pdf"],
      ] as const) {
        const response = await upload(cara, "landing-page", bytes, name, "image/gif");
        expect(response.status).toBe(400);
        expect((await errorOf(response)).message).toBe(
          "Please upload a valid image file (JPEG, PNG or WebP).",
        );
      }
    });
  });

  it("refuses a 6 MB thumbnail with 413 `File size must be less than 5MB`", async () => {
    await expectNothingStored(async () => {
      const response = await upload(cara, "thumbnail", bigPng(6 * MB), "big.png", "image/png");
      expect(response.status).toBe(413);
      expect(await errorOf(response)).toMatchObject({
        code: "PAYLOAD_TOO_LARGE",
        message: "File size must be less than 5MB",
      });
    });
  });

  it("refuses a 4 MB social image with `File size must be less than 3MB`, also when area comes after the file", async () => {
    await expectNothingStored(async () => {
      for (const areaLast of [false, true]) {
        const response = await upload(cara, "social-image", bigPng(4 * MB), "og.png", "image/png", {
          areaLast,
        });
        expect(response.status).toBe(413);
        expect((await errorOf(response)).message).toBe("File size must be less than 3MB");
      }
    });
  });

  it("accepts exactly 3 MB for the social image", async () => {
    const response = await upload(cara, "social-image", bigPng(3 * MB), "og.png", "image/png");
    expect(response.status).toBe(201);
  });

  it("refuses from Content-Length alone, without reading the body", async () => {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull() {
          pulled = true;
          throw new Error("the body must not be read");
        },
      },
      { highWaterMark: 0 },
    );
    const response = await app.request(`${TEST_ORIGIN}/api/uploads?area=thumbnail`, {
      method: "POST",
      body,
      duplex: "half",
      headers: {
        origin: TEST_ORIGIN,
        cookie: cara.cookie,
        "content-type": "multipart/form-data; boundary=----x",
        "content-length": String(6 * MB),
      },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toBe("File size must be less than 5MB");
    expect(pulled).toBe(false);
  });

  it("refuses an unknown area, a missing file and a non-multipart body", async () => {
    await expectNothingStored(async () => {
      const unknown = await upload(cara, "avatar", png(), "a.png", "image/png");
      expect(unknown.status).toBe(400);
      expect((await errorOf(unknown)).message).toMatch(/^Unknown upload area/);

      const form = new FormData();
      form.append("area", "thumbnail");
      const noFile = await send("/api/uploads", { method: "POST", body: form, cookie: cara.cookie });
      expect(noFile.status).toBe(400);
      expect((await errorOf(noFile)).message).toBe("Please choose a file to upload.");

      const json = await send("/api/uploads", {
        method: "POST",
        body: JSON.stringify({ area: "thumbnail" }),
        headers: { "content-type": "application/json" },
        cookie: cara.cookie,
      });
      expect(json.status).toBe(415);
    });
  });
});

describe("POST /api/uploads: materials and lesson videos", () => {
  it("stores a PDF material and an MP4 lesson video", async () => {
    const pdf = await upload(cara, "material", PDF, "Bài 1.pdf", "application/pdf");
    expect(pdf.status).toBe(201);
    expect(((await pdf.json()) as UploadResult).mimeType).toBe("application/pdf");
    const video = await upload(cara, "lesson-video", MP4, "lesson.mp4", "video/mp4");
    expect(video.status).toBe(201);
    const body = (await video.json()) as UploadResult;
    expect(body).toMatchObject({ mimeType: "video/mp4" });
    expect(body.key).toMatch(/^lesson-video\/.+\.mp4$/);
  });

  it("refuses a PDF as a lesson video and a text file as a material, naming the allowed kinds", async () => {
    const video = await upload(cara, "lesson-video", PDF, "lesson.mp4", "video/mp4");
    expect(video.status).toBe(400);
    expect((await errorOf(video)).message).toBe("Please upload a video file (MP4, WebM or MOV).");
    const material = await upload(
      cara,
      "material",
      Buffer.from("plain text"),
      "notes.pdf",
      "application/pdf",
    );
    expect(material.status).toBe(400);
    expect((await errorOf(material)).message).toMatch(/^Please upload a PDF, a video \(MP4, WebM or MOV\)/);
  });

  it("takes an OLE file as a legacy .ppt only by that name, and serves it as a download", async () => {
    const doc = await upload(cara, "material", CFB, "report.doc", "application/msword");
    expect(doc.status).toBe(400);
    const ppt = await upload(cara, "material", CFB, "Bài giảng.ppt", "application/vnd.ms-powerpoint");
    expect(ppt.status).toBe(201);
    const body = (await ppt.json()) as UploadResult;
    expect(body.mimeType).toBe("application/vnd.ms-powerpoint");
    // A material is private (issue 16 item 18): anonymous requests need a signed address.
    expect((await send(body.url)).status).toBe(403);
    const served = await send(signFileUrl("uploads-test-secret", body.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-disposition")).toBe(
      `attachment; filename="B?i gi?ng.ppt"; filename*=UTF-8''B%C3%A0i%20gi%E1%BA%A3ng.ppt`,
    );
  });
});

describe("GET /files/<key>", () => {
  it("streams the same bytes with the stored type, length, one-hour cache and nosniff", async () => {
    const response = await send(pngUpload.url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(pngBytes));
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe(String(pngBytes.byteLength));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(response.headers.get("etag")).toBe(`"${pngUpload.id}"`);
  });

  it("answers a Range request with 206 and exactly that slice (video seeking)", async () => {
    const response = await send(pngUpload.url, { headers: { range: "bytes=8-23" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 8-23/${pngBytes.byteLength}`);
    expect(response.headers.get("content-length")).toBe("16");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(pngBytes.subarray(8, 24)));

    const suffix = await send(pngUpload.url, { headers: { range: "bytes=-10" } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(Buffer.from(pngBytes.subarray(-10)));

    const open = await send(pngUpload.url, { headers: { range: `bytes=${pngBytes.byteLength - 4}-` } });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(4);
  });

  it("answers 416 with Content-Range: bytes */size for an unsatisfiable range", async () => {
    const response = await send(pngUpload.url, { headers: { range: `bytes=${pngBytes.byteLength}-` } });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${pngBytes.byteLength}`);
  });

  it("answers HEAD with the headers only, and 304 to a matching If-None-Match", async () => {
    const head = await send(pngUpload.url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(pngBytes.byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const cached = await send(pngUpload.url, { headers: { "if-none-match": `"${pngUpload.id}"` } });
    expect(cached.status).toBe(304);
  });

  it("answers 404 for unknown and malformed keys", async () => {
    for (const url of [
      `/files/thumbnail/${cara.userId}/1-0000000000000000.png`,
      "/files/",
      "/files/thumbnail/%2e%2e/%2e%2e/auth-secret",
      "/files/..%2fauth-secret",
    ]) {
      const response = await send(url);
      expect(response.status, url).toBe(404);
    }
  });
});

describe("DELETE /api/uploads/:id", () => {
  it("refuses anonymous visitors with 401", async () => {
    const response = await send(`/api/uploads/${pngUpload.id}`, { method: "DELETE" });
    expect(response.status).toBe(401);
  });

  it("answers 404 to another creator and to malformed ids, and keeps the file", async () => {
    const other = await send(`/api/uploads/${pngUpload.id}`, { method: "DELETE", cookie: dan.cookie });
    expect(other.status).toBe(404);
    const malformed = await send("/api/uploads/not-a-uuid", { method: "DELETE", cookie: cara.cookie });
    expect(malformed.status).toBe(404);
    expect((await send(pngUpload.url)).status).toBe(200);
  });

  it("lets the owner delete: object, row and address are gone", async () => {
    const response = await send(`/api/uploads/${pngUpload.id}`, { method: "DELETE", cookie: cara.cookie });
    expect(response.status).toBe(204);
    expect(await ctx.runtime.db.select().from(storedFiles).where(eq(storedFiles.id, pngUpload.id))).toEqual(
      [],
    );
    expect(existsSync(path.join(uploadsDir, pngUpload.key))).toBe(false);
    expect((await send(pngUpload.url)).status).toBe(404);
    const again = await send(`/api/uploads/${pngUpload.id}`, { method: "DELETE", cookie: cara.cookie });
    expect(again.status).toBe(404);
  });
});

describe("POST /api/uploads/generated-thumbnail", () => {
  function generate(who: Account | undefined, json: unknown) {
    return send("/api/uploads/generated-thumbnail", {
      method: "POST",
      body: JSON.stringify(json),
      headers: { "content-type": "application/json" },
      cookie: who?.cookie,
    });
  }

  /** Width and height from a PNG's IHDR chunk, after checking the signature. */
  function pngSize(bytes: Buffer) {
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }

  it("renders a Vietnamese title into a stored 1280×720 PNG", async () => {
    const response = await generate(cara, { title: "Khóa học Tiếng Việt cơ bản", category: "language" });
    expect(response.status).toBe(201);
    const body = (await response.json()) as UploadResult;
    expect(body).toMatchObject({ mimeType: "image/png", originalName: "thumbnail.png" });
    expect(body.key).toMatch(new RegExp(`^thumbnail/${cara.userId}/\\d+-[0-9a-f]{16}\\.png$`));
    const served = await send(body.url);
    expect(served.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.byteLength).toBe(body.sizeBytes);
    expect(pngSize(bytes)).toEqual({ width: 1280, height: 720 });
  });

  it("renders every category design and a very long title", async () => {
    const title =
      "Lập trình Python từ con số không đến chuyên gia phân tích dữ liệu với Pandas, NumPy và Matplotlib cho người mới bắt đầu";
    for (const category of ["programming", "business", "creative", "science", "cooking", null]) {
      const response = await generate(cara, { title, category });
      expect(response.status).toBe(201);
    }
  });

  it("refuses a student (403), an anonymous visitor (401) and an empty title (400)", async () => {
    expect((await generate(sam, { title: "Course" })).status).toBe(403);
    expect((await generate(undefined, { title: "Course" })).status).toBe(401);
    const empty = await generate(cara, { title: "   " });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe("Please enter a course title.");
  });
});
