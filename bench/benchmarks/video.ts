import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { storedFiles } from "../../apps/server/src/db/schema/index.ts";
import { runTranscodeOnce } from "../../apps/server/src/features/videos/videos.service.ts";
import { locateFfmpeg, X264_PRESET } from "../../apps/server/src/lib/ffmpeg.ts";
import { inProcessApp } from "../lib/in-process.ts";
import { type Benchmark, row } from "../lib/types.ts";

const CLIP_SECONDS = 60;

/**
 * Issue 26: HLS transcode speed of a generated 60 s 1280×720 clip (testsrc + sine) as a multiple of
 * real time (360p + 720p, x264 `veryfast`; goal ≥ 1×), and the time from asking for the master
 * playlist to holding the first segment of the lowest rendition on localhost (in-process app:
 * master → variant playlist → first segment; the browser's decode of that segment is not
 * included), goal < 1 s.
 */
export const videoBenchmark: Benchmark = {
  id: "video",
  title: "Lesson video: HLS transcode speed and time to first segment",
  async run(ctx) {
    const ffmpeg = await locateFfmpeg();
    if (!ffmpeg) {
      ctx.note("video: no FFmpeg found; skipped");
      return [];
    }
    const clip = path.join(ctx.tempDir, "clip-60s-720p.mp4");
    ctx.log("video: generating a 60 s 720p clip");
    execFileSync(ffmpeg, [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=1280x720:rate=30",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:sample_rate=44100",
      "-t",
      String(CLIP_SECONDS),
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
    const app = await inProcessApp();
    try {
      const { cookie, userId } = await app.creator(`video-bench-${Date.now()}@example.com`, "Video creator");
      const key = `lesson-video/${userId}/${Date.now()}-bench.mp4`;
      const bytes = readFileSync(clip);
      await app.runtime.storage.put(key, bytes, "video/mp4");
      const [file] = await app.runtime.db
        .insert(storedFiles)
        .values({
          owner_id: userId,
          key,
          area: "lesson-video",
          mime_type: "video/mp4",
          size_bytes: bytes.byteLength,
        })
        .returning();
      ctx.log("video: transcoding");
      const started = performance.now();
      await runTranscodeOnce({
        db: app.runtime.db,
        storage: app.runtime.storage,
        logger: app.runtime.logger,
        ffmpeg,
      });
      const seconds = (performance.now() - started) / 1000;
      const ratio = CLIP_SECONDS / seconds;
      const firstStarted = performance.now();
      const master = await (await app.request(`/api/videos/${file!.id}/master.m3u8`, { cookie })).text();
      const variantUri = master.split("\n").find((l) => l && !l.startsWith("#"));
      if (!variantUri) throw new Error(`no variant in the master playlist: ${master.slice(0, 200)}`);
      const variant = await (await app.request(`/api/videos/${file!.id}/${variantUri}`)).text();
      const segmentUri = variant.split("\n").find((l) => l && !l.startsWith("#"));
      const segment = await app.request(`/api/videos/${file!.id}/${variantUri.split("/")[0]}/${segmentUri}`);
      const segmentBytes = (await segment.arrayBuffer()).byteLength;
      if (segment.status !== 200 || segmentBytes === 0)
        throw new Error(`first segment failed: ${segment.status}`);
      const firstMs = performance.now() - firstStarted;
      return [
        row(
          `HLS transcode 360p+720p of a ${CLIP_SECONDS} s 720p clip (x264 ${X264_PRESET})`,
          Number(ratio.toFixed(2)),
          "× real time",
          { op: ">=", value: 1, unit: "× real time" },
          { seconds: Number(seconds.toFixed(1)) },
        ),
        row(
          "Master playlist → first segment (localhost, in-process)",
          Math.round(firstMs),
          "ms",
          { op: "<", value: 1000, unit: "ms" },
          { segmentBytes },
        ),
      ];
    } finally {
      await app.close();
    }
  },
};
