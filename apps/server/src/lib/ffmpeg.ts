import { spawn } from "node:child_process";
import { createRequire } from "node:module";

/**
 * FFmpeg for lesson video (issue 26 item 2, decision 0236). The binary is, in order: FFMPEG_PATH
 * (`off` disables video processing), a system `ffmpeg` on PATH, or the one shipped by the npm
 * package `@ffmpeg-installer/ffmpeg`. Without any, uploaded videos play as the original file.
 */

/** x264 preset: `veryfast` keeps 360p+720p above real time on a 2-core machine (decision 0236). */
export const X264_PRESET = "veryfast";
/** Target HLS segment length in seconds (keyframes forced every SEGMENT_SECONDS: 4 s segments). */
export const SEGMENT_SECONDS = 4;

/** Bit rates per rendition height (video kbit/s, audio kbit/s). */
export const RENDITIONS = [
  { height: 360, videoKbps: 800, audioKbps: 96 },
  { height: 720, videoKbps: 2800, audioKbps: 128 },
  { height: 1080, videoKbps: 5000, audioKbps: 128 },
] as const;

async function runs(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, ["-hide_banner", "-version"], { stdio: "ignore" });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
  });
}

function npmFfmpeg(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return (require("@ffmpeg-installer/ffmpeg") as { path?: string }).path;
  } catch {
    return undefined;
  }
}

let located: Promise<string | null> | undefined;
const running = new Set<ReturnType<typeof spawn>>();

/** Kills every FFmpeg this process started (graceful shutdown: the job's lease lets another instance retry). */
export function killRunningFfmpeg(): void {
  for (const child of running) child.kill("SIGKILL");
}

/**
 * The FFmpeg binary to use, or null when none works (checked once per process by running
 * `ffmpeg -version`). @param override FFMPEG_PATH ("off" → null).
 */
export function locateFfmpeg(override = process.env.FFMPEG_PATH): Promise<string | null> {
  if (override !== undefined && override !== "") {
    if (override === "off") return Promise.resolve(null);
    return runs(override).then((ok) => (ok ? override : null));
  }
  located ??= (async () => {
    if (await runs("ffmpeg")) return "ffmpeg";
    const shipped = npmFfmpeg();
    return shipped && (await runs(shipped)) ? shipped : null;
  })();
  return located;
}

/** Runs FFmpeg; resolves with its stderr (last 64 kB) and exit code. `onStdout` receives stdout lines. */
export function runFfmpeg(
  ffmpeg: string,
  args: string[],
  opts: { onStdoutLine?: (line: string) => void; timeoutMs?: number; cwd?: string } = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ["-hide_banner", "-nostdin", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      cwd: opts.cwd,
    });
    running.add(child);
    let stderr = "";
    let pending = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-65_536);
    });
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) opts.onStdoutLine?.(line.trim());
    });
    const timer = opts.timeoutMs ? setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs) : undefined;
    child.on("error", (error) => {
      running.delete(child);
      if (timer) clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      running.delete(child);
      if (timer) clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** What the probe finds in a video file: seconds, pixels, whether it has an audio stream. */
export interface VideoProbe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/**
 * Reads `ffmpeg -i`'s description of a file (no ffprobe ships with the npm binary).
 * @returns undefined when the output shows no duration or no video stream (not a readable video).
 */
export function parseProbe(stderr: string): VideoProbe | undefined {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #\d+:\d+[^\n]*?: Video: [^\n]*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!duration || !video) return undefined;
  const durationSeconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  if (!(durationSeconds > 0)) return undefined;
  return {
    durationSeconds,
    width: Number(video[1]),
    height: Number(video[2]),
    hasAudio: /Stream #\d+:\d+[^\n]*?: Audio: /.test(stderr),
  };
}

/** Probes a local file. @returns undefined when FFmpeg cannot read it as a video. */
export async function probeVideo(ffmpeg: string, file: string): Promise<VideoProbe | undefined> {
  const { stderr } = await runFfmpeg(ffmpeg, ["-i", file], { timeoutMs: 60_000 });
  return parseProbe(stderr);
}

/** The rendition heights for a source of `height` pixels: 360 always, 720 and 1080 when the source has them. */
export function renditionsFor(height: number) {
  return RENDITIONS.filter((r) => r.height === 360 || height >= r.height);
}

/**
 * The FFmpeg arguments of one HLS transcode: every rendition from one decode (split + scale),
 * H.264 (main, yuv420p, `X264_PRESET`) with keyframes every SEGMENT_SECONDS, AAC stereo when the
 * source has audio, VOD playlists `<i>/index.m3u8` with segments `<i>/seg_<n>.ts` in `outDir`;
 * `-progress pipe:1` reports `out_time_ms` on stdout. The master playlist is written by
 * `masterPlaylist` (the npm FFmpeg 4.1 build crashes writing its own `-master_pl_name`).
 */
export function hlsArgs(input: string, outDir: string, probe: VideoProbe): string[] {
  const renditions = renditionsFor(probe.height);
  const n = renditions.length;
  const split = `[0:v]split=${n}${renditions.map((_, i) => `[s${i}]`).join("")}`;
  const scales = renditions.map((r, i) => `[s${i}]scale=-2:${r.height}[v${i}]`);
  const args = ["-y", "-i", input, "-filter_complex", [split, ...scales].join(";")];
  renditions.forEach((_, i) => {
    args.push("-map", `[v${i}]`);
    if (probe.hasAudio) args.push("-map", "0:a:0");
  });
  args.push(
    "-c:v",
    "libx264",
    "-preset",
    X264_PRESET,
    "-profile:v",
    "main",
    "-pix_fmt",
    "yuv420p",
    "-sc_threshold",
    "0",
    "-force_key_frames",
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
  );
  renditions.forEach((r, i) => {
    args.push(
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.07)}k`,
      `-bufsize:v:${i}`,
      `${Math.round(r.videoKbps * 1.5)}k`,
    );
    if (probe.hasAudio) args.push(`-b:a:${i}`, `${r.audioKbps}k`);
  });
  if (probe.hasAudio) args.push("-c:a", "aac", "-ac", "2", "-ar", "44100");
  args.push(
    "-f",
    "hls",
    "-hls_time",
    String(SEGMENT_SECONDS),
    "-hls_playlist_type",
    "vod",
    "-hls_flags",
    "independent_segments",
    "-hls_segment_filename",
    `${outDir}/%v/seg_%03d.ts`,
    "-var_stream_map",
    renditions.map((_, i) => (probe.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(" "),
    "-progress",
    "pipe:1",
    "-nostats",
    `${outDir}/%v/index.m3u8`,
  );
  return args;
}

/** The arguments that write a poster JPEG (one frame at `atSeconds`, at most 720 pixels high). */
export function posterArgs(input: string, output: string, probe: VideoProbe, atSeconds: number): string[] {
  const scale = probe.height > 720 ? ["-vf", "scale=-2:720"] : [];
  return ["-y", "-ss", atSeconds.toFixed(2), "-i", input, "-frames:v", "1", ...scale, "-q:v", "3", output];
}

/** Seconds of output written, from one `-progress` line (`out_time_ms=<microseconds>`), or undefined. */
export function progressSeconds(line: string): number | undefined {
  const match = /^out_time_(?:ms|us)=(\d+)$/.exec(line);
  return match ? Number(match[1]) / 1_000_000 : undefined;
}

/** H.264 Main profile codec strings by height (levels 3.0, 3.1, 4.0) for the master playlist. */
const AVC_CODEC: Record<number, string> = { 360: "avc1.4d401e", 720: "avc1.4d401f", 1080: "avc1.4d4028" };

/**
 * The HLS master playlist of `hlsArgs`' output: one EXT-X-STREAM-INF per rendition (BANDWIDTH in
 * bit/s with 10% headroom, RESOLUTION as scaled with `scale=-2:h`, CODECS) pointing at `<i>/index.m3u8`.
 */
export function masterPlaylist(probe: VideoProbe): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"];
  renditionsFor(probe.height).forEach((r, i) => {
    const width = Math.round((probe.width * r.height) / probe.height / 2) * 2;
    const bandwidth = Math.round((r.videoKbps * 1.07 + (probe.hasAudio ? r.audioKbps : 0)) * 1100);
    const codecs = probe.hasAudio ? `${AVC_CODEC[r.height]},mp4a.40.2` : AVC_CODEC[r.height];
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${width}x${r.height},CODECS="${codecs}"`,
      `${i}/index.m3u8`,
    );
  });
  return `${lines.join("\n")}\n`;
}
