import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { playerCourseSchema, VIDEO_MESSAGES, videoStatusSchema } from "@academy/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, storedFiles, videoAssets } from "../src/db/schema/index.ts";
import { srtToVtt, toWebVtt } from "../src/features/videos/captions.ts";
import { claimVideoJob, enqueueNewVideos } from "../src/features/videos/videos.queries.ts";
import {
  runTranscodeOnce,
  signVideoQuery,
  VIDEO_LEASE_SECONDS,
  type VideoDeps,
} from "../src/features/videos/videos.service.ts";
import { locateFfmpeg, parseProbe, progressSeconds } from "../src/lib/ffmpeg.ts";
import { createTestContext, publishCourse, signUpAndSignIn, type TestContext } from "./harness.ts";

/**
 * Issue 26 items 2–5 (decision 0236): the HLS transcode job (claimed once across instances,
 * renditions by source height, poster, progress, failures), signed HLS serving, captions and the
 * resume position. The clip is generated here with FFmpeg's testsrc + sine: 3 s of 1280×720.
 */
let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account;
let stu: Account;
let eve: Account;
let ffmpeg: string;
let clipKey: string;
let brokenKey: string;
let clipFileId: string;
let courseId: string;
let lessonId: string;
let secret: string;

async function storeVideo(bytes: Uint8Array): Promise<{ key: string; id: string }> {
  const key = `lesson-video/${cara.userId}/${Date.now()}-${randomBytes(8).toString("hex")}.mp4`;
  await ctx.runtime.storage.put(key, bytes, "video/mp4");
  const [row] = await ctx.runtime.db
    .insert(storedFiles)
    .values({
      owner_id: cara.userId,
      key,
      area: "lesson-video",
      mime_type: "video/mp4",
      size_bytes: bytes.byteLength,
    })
    .returning();
  return { key, id: row!.id };
}

const deps = (): VideoDeps => ({
  db: ctx.runtime.db,
  storage: ctx.runtime.storage,
  logger: ctx.runtime.logger,
  ffmpeg,
});

async function asset(fileId: string) {
  const [row] = await ctx.runtime.db.select().from(videoAssets).where(eq(videoAssets.stored_file_id, fileId));
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  const found = await locateFfmpeg();
  if (!found) throw new Error("FFmpeg is required (the npm package @ffmpeg-installer/ffmpeg ships it)");
  ffmpeg = found;
  secret = (await ctx.runtime.auth.$context).secret;
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  stu = await signUpAndSignIn(ctx, { name: "Student Stu" });
  eve = await signUpAndSignIn(ctx, { name: "Eve Outsider" });
  for (const user of [stu, eve])
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, user.userId));
  const dir = mkdtempSync(path.join(os.tmpdir(), "academy-clip-"));
  const clip = path.join(dir, "clip.mp4");
  execFileSync(ffmpeg, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=1280x720:rate=25",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:sample_rate=44100",
    "-t",
    "3",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    clip,
  ]);
  const stored = await storeVideo(readFileSync(clip));
  clipKey = stored.key;
  clipFileId = stored.id;
  courseId = await publishCourse(ctx, cara.cookie, {
    title: "Streaming video",
    description: "A lesson video in HLS.",
    outline: [
      {
        id: "s1",
        title: "All",
        lessons: [
          {
            id: "l1",
            title: "Watch",
            type: "video",
            duration: 1,
            content: { type: "video", source: "upload", url: `/files/${clipKey}` },
          },
        ],
      },
    ],
  });
  const player = await ctx.request(`/api/learn/${courseId}`, { cookie: cara.cookie });
  expect(player.status).toBe(403); // the creator is not enrolled: the builder previews instead
  const enrol = await ctx.request(`/api/courses/${courseId}/enroll`, {
    method: "POST",
    cookie: stu.cookie,
    json: {},
  });
  expect(enrol.status).toBe(200);
  const course = playerCourseSchema.parse(
    await (await ctx.request(`/api/learn/${courseId}`, { cookie: stu.cookie })).json(),
  );
  lessonId = course.lessons[0]!.id;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("the transcode job", () => {
  it("is claimed by exactly one of two workers on one database", async () => {
    await enqueueNewVideos(ctx.runtime.db);
    const [a, b] = await Promise.all([
      claimVideoJob(ctx.runtime.db, VIDEO_LEASE_SECONDS),
      claimVideoJob(ctx.runtime.db, VIDEO_LEASE_SECONDS),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    // Give the job back, as if its instance had died (lease expired).
    await ctx.runtime.db
      .update(videoAssets)
      .set({ locked_until: new Date(Date.now() - 1000), attempts: 0 })
      .where(eq(videoAssets.stored_file_id, clipFileId));
  });

  it("shows the creator the pending state before processing", async () => {
    const response = await ctx.request(`/api/videos/status?url=${encodeURIComponent(`/files/${clipKey}`)}`, {
      cookie: cara.cookie,
    });
    expect(response.status).toBe(200);
    const status = videoStatusSchema.parse(await response.json());
    expect(status.status).toBe("processing"); // claimed above, lease expired: due again
    const other = await ctx.request(`/api/videos/status?url=${encodeURIComponent(`/files/${clipKey}`)}`, {
      cookie: stu.cookie,
    });
    expect(other.status).toBe(404);
  });

  it("transcodes a 3 s 720p clip into 360p and 720p HLS with a poster, once across two instances", async () => {
    const seen = new Set<string>();
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const row = await asset(clipFileId);
        if (row) seen.add(`${row.status}:${row.progress}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const [first, second] = await Promise.all([runTranscodeOnce(deps()), runTranscodeOnce(deps())]);
    polling = false;
    await poll;
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const row = (await asset(clipFileId))!;
    expect(row.status).toBe("ready");
    expect(row.progress).toBe(100);
    expect(row.attempts).toBe(1);
    expect(row.renditions).toEqual([360, 720]);
    expect(row.duration_seconds).toBeGreaterThan(2.5);
    expect(row.duration_seconds).toBeLessThan(3.5);
    expect(row.has_audio).toBe(true);
    expect(row.poster_key).toBe(`${row.hls_prefix}/poster.jpg`);
    expect([...seen].some((s) => s.startsWith("processing"))).toBe(true);
    const master = await new Response(
      (await ctx.runtime.storage.get(`${row.hls_prefix}/master.m3u8`))!.body,
    ).text();
    expect(master.startsWith("#EXTM3U")).toBe(true);
    expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
    expect(master).toContain("RESOLUTION=640x360");
    expect(master).toContain("RESOLUTION=1280x720");
    expect(master).not.toContain("x1080");
    const variant = await new Response(
      (await ctx.runtime.storage.get(`${row.hls_prefix}/1/index.m3u8`))!.body,
    ).text();
    expect(variant).toContain("#EXT-X-ENDLIST");
    expect(variant).toMatch(/#EXT-X-TARGETDURATION:[3-6]/);
    const poster = await ctx.runtime.storage.get(row.poster_key!);
    const bytes = new Uint8Array(await new Response(poster!.body).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const status = videoStatusSchema.parse(
      await (
        await ctx.request(`/api/videos/status?url=${encodeURIComponent(`/files/${clipKey}`)}`, {
          cookie: cara.cookie,
        })
      ).json(),
    );
    expect(status).toMatchObject({ status: "ready", progress: 100, renditions: [360, 720], error: null });
    expect(await runTranscodeOnce(deps())).toBeUndefined();
  }, 120_000);

  it("records why a broken file failed, and the original stays playable", async () => {
    const broken = await storeVideo(randomBytes(4096));
    brokenKey = broken.key;
    await runTranscodeOnce(deps());
    const row = (await asset(broken.id))!;
    expect(row.status).toBe("failed");
    expect(row.error).toBe("FFmpeg could not read this file as a video.");
    const status = videoStatusSchema.parse(
      await (
        await ctx.request(`/api/videos/status?url=${encodeURIComponent(`/files/${brokenKey}`)}`, {
          cookie: cara.cookie,
        })
      ).json(),
    );
    expect(status).toMatchObject({ status: "failed", error: "FFmpeg could not read this file as a video." });
    const original = await ctx.request(`/files/${brokenKey}`, { cookie: cara.cookie });
    expect(original.status).toBe(200);
    expect((await original.arrayBuffer()).byteLength).toBe(4096);
  }, 60_000);

  it("parses FFmpeg's probe and progress output", () => {
    expect(
      parseProbe(
        "  Duration: 00:01:02.50, start: 0\n    Stream #0:0(und): Video: h264 (High), yuv420p, 1920x1080 [SAR 1:1], 25 fps\n    Stream #0:1(und): Audio: aac",
      ),
    ).toEqual({ durationSeconds: 62.5, width: 1920, height: 1080, hasAudio: true });
    expect(parseProbe("Invalid data found when processing input")).toBeUndefined();
    expect(progressSeconds("out_time_ms=1500000")).toBe(1.5);
    expect(progressSeconds("frame=10")).toBeUndefined();
  });
});

describe("signed HLS serving", () => {
  it("gives the enrolled student the stream, and the master playlist with signed variants", async () => {
    const course = playerCourseSchema.parse(
      await (await ctx.request(`/api/learn/${courseId}`, { cookie: stu.cookie })).json(),
    );
    const content = course.lessons[0]!.content;
    if (content.type !== "video") throw new Error("not a video");
    expect(content.stream).toMatchObject({
      masterUrl: `/api/videos/${clipFileId}/master.m3u8`,
      renditions: [360, 720],
    });
    const master = await ctx.request(content.stream!.masterUrl, { cookie: stu.cookie });
    expect(master.status).toBe(200);
    expect(master.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    const text = await master.text();
    const variantUri = text.split("\n").find((l) => l.startsWith("1/index.m3u8?exp="))!;
    expect(variantUri).toMatch(/^1\/index\.m3u8\?exp=\d+&sig=[\w-]+$/);
    const variant = await ctx.request(`/api/videos/${clipFileId}/${variantUri}`);
    expect(variant.status).toBe(200);
    const segmentUri = (await variant.text()).split("\n").find((l) => l.startsWith("seg_"))!;
    expect(segmentUri).toMatch(/^seg_000\.ts\?exp=\d+&sig=/);
    const segment = await ctx.request(`/api/videos/${clipFileId}/1/${segmentUri}`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get("content-type")).toBe("video/mp2t");
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const poster = await ctx.request(content.stream!.posterUrl!);
    expect(poster.status).toBe(200);
  });

  it("refuses the unenrolled, the signed-out, a forged and an expired signature (403)", async () => {
    const outsider = await ctx.request(`/api/videos/${clipFileId}/master.m3u8`, { cookie: eve.cookie });
    expect(outsider.status).toBe(403);
    expect(((await outsider.json()) as { error: { message: string } }).error.message).toBe(
      VIDEO_MESSAGES.noAccess,
    );
    expect((await ctx.request(`/api/videos/${clipFileId}/master.m3u8`)).status).toBe(401);
    expect((await ctx.request(`/api/videos/${clipFileId}/1/seg_000.ts`)).status).toBe(403);
    const good = signVideoQuery(secret, clipFileId, 600);
    const forged = good.replace(/sig=./, (m) => (m.endsWith("A") ? "sig=B" : "sig=A"));
    expect((await ctx.request(`/api/videos/${clipFileId}/1/seg_000.ts?${forged}`)).status).toBe(403);
    const expired = signVideoQuery(secret, clipFileId, -3600);
    const response = await ctx.request(`/api/videos/${clipFileId}/1/seg_000.ts?${expired}`);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      VIDEO_MESSAGES.linkExpired,
    );
    // A signature of another video does not open this one.
    const other = signVideoQuery(secret, "00000000-0000-4000-8000-000000000000", 600);
    expect((await ctx.request(`/api/videos/${clipFileId}/1/seg_000.ts?${other}`)).status).toBe(403);
    expect((await ctx.request(`/api/videos/${clipFileId}/1/seg_000.ts?${good}`)).status).toBe(200);
  });

  it("lets the creator load the master playlist of their own video", async () => {
    expect((await ctx.request(`/api/videos/${clipFileId}/master.m3u8`, { cookie: cara.cookie })).status).toBe(
      200,
    );
  });
});

describe("resume position", () => {
  it("saves the position and gives it back on open; outsiders are refused", async () => {
    const save = await ctx.request(`/api/learn/${courseId}/lessons/${lessonId}/position`, {
      method: "POST",
      cookie: stu.cookie,
      json: { seconds: 12.34 },
    });
    expect(save.status).toBe(204);
    const course = playerCourseSchema.parse(
      await (await ctx.request(`/api/learn/${courseId}`, { cookie: stu.cookie })).json(),
    );
    expect(course.lessons[0]!.progress.position).toBe(12.3);
    const outsider = await ctx.request(`/api/learn/${courseId}/lessons/${lessonId}/position`, {
      method: "POST",
      cookie: eve.cookie,
      json: { seconds: 5 },
    });
    expect(outsider.status).toBe(403);
    const invalid = await ctx.request(`/api/learn/${courseId}/lessons/${lessonId}/position`, {
      method: "POST",
      cookie: stu.cookie,
      json: { seconds: -1 },
    });
    expect(invalid.status).toBe(400);
  });
});

describe("captions", () => {
  const SRT =
    "1\r\n00:00:00,500 --> 00:00:02,000\r\nXin chào\r\n\r\n2\r\n00:00:02,100 --> 00:00:02,900\r\nHello\r\n";

  it("converts SRT to WebVTT and refuses other text", () => {
    expect(srtToVtt(SRT)).toBe(
      "WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nXin chào\n\n00:00:02.100 --> 00:00:02.900\nHello\n",
    );
    expect(toWebVtt("WEBVTT\n\n00:00.000 --> 00:01.000\nHi")).toBe("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n");
    expect(toWebVtt("just some text")).toBeUndefined();
    expect(toWebVtt("WEBVTT\n\nno cues")).toBeUndefined();
  });

  it("lets the creator upload (SRT), the student fetch and the creator remove a caption; others are refused", async () => {
    const url = `/api/videos/${clipFileId}/captions`;
    const bad = await ctx.request(url, {
      method: "POST",
      cookie: cara.cookie,
      json: { language: "vi", text: "nope" },
    });
    expect(bad.status).toBe(400);
    const notOwner = await ctx.request(url, {
      method: "POST",
      cookie: stu.cookie,
      json: { language: "vi", text: SRT },
    });
    expect(notOwner.status).toBe(404);
    const created = await ctx.request(url, {
      method: "POST",
      cookie: cara.cookie,
      json: { language: "vi", text: SRT, fileName: "bai-1.srt" },
    });
    expect(created.status).toBe(201);
    const course = playerCourseSchema.parse(
      await (await ctx.request(`/api/learn/${courseId}`, { cookie: stu.cookie })).json(),
    );
    const content = course.lessons[0]!.content;
    if (content.type !== "video") throw new Error("not a video");
    const [caption] = content.stream!.captions;
    expect(caption).toMatchObject({ language: "vi", originalName: "bai-1.srt" });
    const vtt = await ctx.request(caption!.url);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await vtt.text()).toContain("00:00:00.500 --> 00:00:02.000\nXin chào");
    expect((await ctx.request(caption!.url.split("?")[0]!, { cookie: eve.cookie })).status).toBe(403);
    const removed = await ctx.request(`${url}/vi`, { method: "DELETE", cookie: cara.cookie });
    expect(removed.status).toBe(204);
    expect((await ctx.request(caption!.url)).status).toBe(404);
  });
});
