import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import {
  type CaptionUpload,
  VIDEO_MESSAGES,
  type VideoCaption,
  type VideoStatus,
  type VideoStream,
} from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import {
  hlsArgs,
  locateFfmpeg,
  masterPlaylist,
  posterArgs,
  probeVideo,
  progressSeconds,
  renditionsFor,
  runFfmpeg,
} from "../../lib/ffmpeg.ts";
import type { SessionUser } from "../../lib/http.ts";
import { createIntervalWorker } from "../../lib/interval-worker.ts";
import type { Logger } from "../../lib/logger.ts";
import { isValidKey, type Storage } from "../../storage/storage.ts";
import { toWebVtt } from "./captions.ts";
import {
  captionsOf,
  claimVideoJob,
  deleteCaption,
  enqueueNewVideos,
  failVideoJob,
  findVideoByFileId,
  findVideoByKey,
  finishVideoJob,
  isEnrolledForVideo,
  updateVideoProgress,
  upsertCaption,
  type VideoAssetRow,
  type VideoCaptionRow,
  type VideoJob,
  videosByKeys,
} from "./videos.queries.ts";

export { srtToVtt, toWebVtt } from "./captions.ts";

/** What the video services need. `ffmpeg` overrides locateFfmpeg() (tests: a path, or null = none). */
export interface VideoDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  ffmpeg?: string | null;
}

/** Lease of a claimed transcode, renewed with every progress write (seconds). */
export const VIDEO_LEASE_SECONDS = 120;
/** Attempts after which a job that keeps dying (lease expired each time) is marked failed. */
export const MAX_VIDEO_ATTEMPTS = 3;
/** Lifetime of signed variant-playlist, segment, poster and caption addresses beyond the video's length (seconds). */
export const VIDEO_URL_SECONDS = 15 * 60;
/** Lifetime of signed poster and caption addresses handed out with the player's course (seconds). */
export const VIDEO_ASSET_URL_SECONDS = 6 * 3600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ffmpegOf(deps: Pick<VideoDeps, "ffmpeg">): Promise<string | null> {
  return deps.ffmpeg !== undefined ? deps.ffmpeg : locateFfmpeg();
}

// ---------------------------------------------------------------------------------------------
// Signing: HMAC-SHA256(auth secret, "video/<fileId>\n<exp>") covers every file of one video.

function videoSignature(secret: string, fileId: string, exp: number): string {
  return createHmac("sha256", secret).update(`video/${fileId}\n${exp}`).digest("base64url");
}

/** `exp=<unix seconds>&sig=<base64url>` for the files of video `fileId`, valid `seconds` from `now` (ms; rounded up to 5 min). */
export function signVideoQuery(secret: string, fileId: string, seconds: number, now = Date.now()): string {
  const exp = Math.ceil((now / 1000 + seconds) / 300) * 300;
  return `exp=${exp}&sig=${videoSignature(secret, fileId, exp)}`;
}

/** True when `sig` signs video `fileId` until `exp` and `exp` has not passed (constant-time). */
export function verifyVideoSignature(
  secret: string,
  fileId: string,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires * 1000 < now) return false;
  const expected = Buffer.from(videoSignature(secret, fileId, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// ---------------------------------------------------------------------------------------------
// The transcode job.

async function download(storage: Storage, key: string, file: string): Promise<void> {
  const object = await storage.get(key);
  if (!object) throw new Error("The uploaded file is missing from storage.");
  await pipeline(Readable.fromWeb(object.body as WebReadableStream<Uint8Array>), createWriteStream(file));
}

function lastError(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.at(-1)?.slice(0, 300) ?? "unknown error";
}

async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out;
}

const CONTENT_TYPES: Record<string, string> = {
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
  jpg: "image/jpeg",
  vtt: "text/vtt; charset=utf-8",
};

function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream";
}

class VideoJobError extends Error {}

/**
 * Transcodes one claimed job: downloads the original to a folder in the storage's staging area,
 * probes it, writes the HLS renditions, master playlist and poster, stores them under
 * `hls/<fileId>/a<attempt>/` and marks the job ready. Progress (percent of the duration written)
 * is saved at most once a second. A file FFmpeg cannot read, or a failed transcode, marks the job
 * failed with the reason; the original file is untouched and stays playable.
 */
async function transcode(deps: VideoDeps, ffmpeg: string, job: VideoJob): Promise<void> {
  const work = path.join(
    deps.storage.stagingDir,
    `hls-${job.id}-${job.attempts}-${randomBytes(4).toString("hex")}`,
  );
  await mkdir(path.join(work, "out"), { recursive: true });
  try {
    const source = path.join(work, "source");
    await download(deps.storage, job.key, source);
    const probe = await probeVideo(ffmpeg, source);
    if (!probe) throw new VideoJobError("FFmpeg could not read this file as a video.");
    const owned = await updateVideoProgress(
      deps.db,
      job,
      {
        progress: 0,
        durationSeconds: Math.round(probe.durationSeconds * 100) / 100,
        width: probe.width,
        height: probe.height,
        hasAudio: probe.hasAudio,
      },
      VIDEO_LEASE_SECONDS,
    );
    if (!owned) return;
    const renditions = renditionsFor(probe.height);
    for (let i = 0; i < renditions.length; i++) await mkdir(path.join(work, "out", String(i)));
    let lastWrite = 0;
    let lastPercent = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const result = await runFfmpeg(ffmpeg, hlsArgs(source, path.join(work, "out"), probe), {
      timeoutMs: Math.max(10 * 60_000, probe.durationSeconds * 10_000),
      onStdoutLine: (line) => {
        const seconds = progressSeconds(line);
        if (seconds === undefined) return;
        const percent = Math.min(99, Math.floor((seconds / probe.durationSeconds) * 100));
        if (percent <= lastPercent || Date.now() - lastWrite < 1000) return;
        lastWrite = Date.now();
        lastPercent = percent;
        writing = writing.then(() =>
          updateVideoProgress(deps.db, job, { progress: percent }, VIDEO_LEASE_SECONDS).catch((error) =>
            deps.logger.warn({ err: error }, "could not record transcode progress"),
          ),
        );
      },
    });
    await writing;
    if (result.code !== 0) throw new VideoJobError(`FFmpeg failed: ${lastError(result.stderr)}`);
    await writeFile(path.join(work, "out", "master.m3u8"), masterPlaylist(probe));
    const poster = await runFfmpeg(
      ffmpeg,
      posterArgs(source, path.join(work, "out", "poster.jpg"), probe, Math.min(1, probe.durationSeconds / 2)),
      { timeoutMs: 60_000 },
    );
    const hasPoster = poster.code === 0;
    const prefix = `hls/${job.stored_file_id}/a${job.attempts}`;
    for (const rel of await filesUnder(path.join(work, "out"))) {
      const file = path.join(work, "out", ...rel.split("/"));
      const { size } = await stat(file);
      await deps.storage.put(`${prefix}/${rel}`, { path: file, size }, contentTypeOf(rel));
    }
    await finishVideoJob(deps.db, job, {
      hlsPrefix: prefix,
      posterKey: hasPoster ? `${prefix}/poster.jpg` : null,
      renditions: renditions.map((r) => r.height),
    });
  } finally {
    await rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * One pass of the transcode worker: records a pending job for every new lesson video, then claims
 * and transcodes at most one (FOR UPDATE SKIP LOCKED: one instance per job). A job past
 * MAX_VIDEO_ATTEMPTS (its instance died each time) is marked failed.
 * @returns the claimed job's id, or undefined when nothing was due or FFmpeg is missing.
 */
export async function runTranscodeOnce(deps: VideoDeps): Promise<string | undefined> {
  const ffmpeg = await ffmpegOf(deps);
  if (!ffmpeg) return undefined;
  await enqueueNewVideos(deps.db);
  const job = await claimVideoJob(deps.db, VIDEO_LEASE_SECONDS);
  if (!job) return undefined;
  if (job.attempts > MAX_VIDEO_ATTEMPTS) {
    await failVideoJob(deps.db, job, "Processing stopped several times; please upload the video again.");
    return job.id;
  }
  try {
    await transcode(deps, ffmpeg, job);
  } catch (error) {
    const reason =
      error instanceof VideoJobError
        ? error.message
        : `Processing failed: ${error instanceof Error ? error.message : String(error)}`;
    deps.logger.warn({ err: error, fileId: job.stored_file_id }, "video transcode failed");
    await failVideoJob(deps.db, job, reason);
  }
  return job.id;
}

/** The transcode worker (started by index.ts): a pass every `intervalMs` (default 3 s). */
export function createTranscodeWorker(deps: VideoDeps & { intervalMs?: number }) {
  return createIntervalWorker(
    async () => {
      // Drain: keep going while jobs are due.
      while (await runTranscodeOnce(deps)) {}
    },
    deps.intervalMs ?? 3000,
    (error) => deps.logger.error({ err: error }, "video transcode worker failed"),
    "video-transcode",
  );
}

// ---------------------------------------------------------------------------------------------
// Status (course builder), streams (player), access and serving.

function keyOfUrl(url: string): string | undefined {
  if (!url.startsWith("/files/")) return undefined;
  const key = url.split(/[?#]/)[0]!.slice("/files/".length);
  return isValidKey(key) ? key : undefined;
}

function toCaption(row: VideoCaptionRow, query: string): VideoCaption {
  return {
    language: row.language as VideoCaption["language"],
    url: `/api/videos/${row.stored_file_id}/captions/${row.language}.vtt?${query}`,
    originalName: row.original_name,
  };
}

function renditionsOf(asset: VideoAssetRow): number[] {
  return Array.isArray(asset.renditions)
    ? (asset.renditions as unknown[]).filter((h): h is number => typeof h === "number")
    : [];
}

/**
 * The processing state of the actor's uploaded video `url` (/files/<key>) for the course builder:
 * pending/processing with percent, ready with duration and renditions, failed with the reason, or
 * unavailable (no FFmpeg: the original plays). Captions with signed addresses.
 * @throws AppError NOT_FOUND for an unknown address or another person's file.
 */
export async function videoStatus(
  deps: VideoDeps,
  actor: SessionUser,
  url: string,
  secret: string,
): Promise<VideoStatus> {
  const key = keyOfUrl(url);
  const row = key ? await findVideoByKey(deps.db, key) : undefined;
  if (!row || row.file.owner_id !== actor.id || row.file.area !== "lesson-video")
    throw new AppError("NOT_FOUND", VIDEO_MESSAGES.notFound);
  const query = signVideoQuery(secret, row.file.id, VIDEO_ASSET_URL_SECONDS);
  const captions = (await captionsOf(deps.db, [row.file.id])).map((c) => toCaption(c, query));
  const asset = row.asset;
  const available = asset !== null || (await ffmpegOf(deps)) !== null;
  return {
    fileId: row.file.id,
    status: asset ? (asset.status as VideoStatus["status"]) : available ? "pending" : "unavailable",
    progress: asset?.progress ?? 0,
    durationSeconds: asset?.duration_seconds ?? null,
    renditions: asset ? renditionsOf(asset) : [],
    error: asset?.status === "failed" ? asset.error : null,
    posterUrl: asset?.poster_key ? `/api/videos/${row.file.id}/poster.jpg?${query}` : null,
    captions,
  };
}

/**
 * The HLS streams of uploaded videos for the player, by their /files address: only videos whose
 * transcode is ready. Poster and caption addresses are signed for VIDEO_ASSET_URL_SECONDS; the
 * master playlist checks the session itself (`masterPlaylistFor`).
 */
export async function videoStreams(
  db: Executor,
  secret: string,
  urls: string[],
): Promise<Map<string, VideoStream>> {
  const byKey = new Map<string, string[]>();
  for (const url of urls) {
    const key = keyOfUrl(url);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), url]);
  }
  const rows = (await videosByKeys(db, [...byKey.keys()])).filter((r) => r.asset?.status === "ready");
  const captions = await captionsOf(
    db,
    rows.map((r) => r.fileId),
  );
  const streams = new Map<string, VideoStream>();
  for (const row of rows) {
    const asset = row.asset!;
    const query = signVideoQuery(secret, row.fileId, VIDEO_ASSET_URL_SECONDS);
    const stream: VideoStream = {
      masterUrl: `/api/videos/${row.fileId}/master.m3u8`,
      posterUrl: asset.poster_key ? `/api/videos/${row.fileId}/poster.jpg?${query}` : null,
      renditions: renditionsOf(asset),
      durationSeconds: asset.duration_seconds,
      captions: captions.filter((c) => c.stored_file_id === row.fileId).map((c) => toCaption(c, query)),
    };
    for (const url of byKey.get(row.key) ?? []) streams.set(url, stream);
  }
  return streams;
}

async function readText(storage: Storage, key: string): Promise<string | undefined> {
  const object = await storage.get(key);
  return object ? new Response(object.body).text() : undefined;
}

/** Appends `query` to every URI line (not a tag, not blank) of a playlist. */
export function signPlaylist(playlist: string, query: string): string {
  return playlist
    .split("\n")
    .map((line) => (line && !line.startsWith("#") ? `${line.trim()}?${query}` : line))
    .join("\n");
}

async function readyVideo(db: Executor, fileId: string) {
  const row = UUID.test(fileId) ? await findVideoByFileId(db, fileId) : undefined;
  if (row?.file.area !== "lesson-video") throw new AppError("NOT_FOUND", VIDEO_MESSAGES.notFound);
  return row;
}

/**
 * The master playlist of video `fileId` for the signed-in `actor`: only the file's owner (the
 * course's creator) and students with a completed enrolment in a course whose published lesson
 * uses it. Each variant URI gets a signature valid VIDEO_URL_SECONDS + the video's length.
 * @throws AppError UNAUTHENTICATED (no session, by the route), FORBIDDEN (noAccess), NOT_FOUND
 *   (unknown video, or not processed).
 */
export async function masterPlaylistFor(
  deps: VideoDeps,
  actor: SessionUser,
  fileId: string,
  secret: string,
  now = Date.now(),
): Promise<string> {
  const row = await readyVideo(deps.db, fileId);
  if (row.file.owner_id !== actor.id && !(await isEnrolledForVideo(deps.db, actor.id, row.file.key)))
    throw new AppError("FORBIDDEN", VIDEO_MESSAGES.noAccess);
  if (row.asset?.status !== "ready" || !row.asset.hls_prefix)
    throw new AppError("NOT_FOUND", VIDEO_MESSAGES.notReady);
  const master = await readText(deps.storage, `${row.asset.hls_prefix}/master.m3u8`);
  if (!master) throw new AppError("NOT_FOUND", VIDEO_MESSAGES.notFound);
  const seconds = VIDEO_URL_SECONDS + Math.ceil(row.asset.duration_seconds ?? 0);
  return signPlaylist(master, signVideoQuery(secret, fileId, seconds, now));
}

/** A file of a processed video as served: body stream, content type, size in bytes. */
export interface VideoFile {
  body: ReadableStream<Uint8Array> | string;
  contentType: string;
}

const VARIANT_FILE = /^(\d)\/(index\.m3u8|seg_\d{3,6}\.ts)$/;

/**
 * A signed file of video `fileId`: `<i>/index.m3u8` (segment URIs signed again with the same
 * expiry), `<i>/seg_<n>.ts`, `poster.jpg`, or `captions/<lang>.vtt`.
 * @throws AppError FORBIDDEN (linkExpired: missing, wrong or expired signature), NOT_FOUND.
 */
export async function signedVideoFile(
  deps: VideoDeps,
  fileId: string,
  name: string,
  query: { exp?: string; sig?: string },
  secret: string,
  now = Date.now(),
): Promise<VideoFile> {
  if (!UUID.test(fileId) || !verifyVideoSignature(secret, fileId, query.exp, query.sig, now))
    throw new AppError("FORBIDDEN", VIDEO_MESSAGES.linkExpired);
  const row = await readyVideo(deps.db, fileId);
  const caption = /^captions\/(vi|en)\.vtt$/.exec(name);
  let key: string | undefined;
  if (caption) {
    key = (await captionsOf(deps.db, [fileId])).find((c) => c.language === caption[1])?.key;
  } else if (row.asset?.status === "ready" && row.asset.hls_prefix) {
    if (name === "poster.jpg") key = row.asset.poster_key ?? undefined;
    else if (VARIANT_FILE.test(name)) key = `${row.asset.hls_prefix}/${name}`;
  }
  if (!key) throw new AppError("NOT_FOUND", VIDEO_MESSAGES.notFound);
  if (name.endsWith(".m3u8")) {
    const playlist = await readText(deps.storage, key);
    if (!playlist) throw new AppError("NOT_FOUND", VIDEO_MESSAGES.notFound);
    return {
      body: signPlaylist(playlist, `exp=${query.exp}&sig=${query.sig}`),
      contentType: contentTypeOf(name),
    };
  }
  const object = await deps.storage.get(key);
  if (!object) throw new AppError("NOT_FOUND", VIDEO_MESSAGES.notFound);
  return { body: object.body, contentType: contentTypeOf(name) };
}

// ---------------------------------------------------------------------------------------------
// Captions (course builder, owner only).

async function ownVideo(db: Executor, actor: SessionUser, fileId: string) {
  const row = await readyVideo(db, fileId);
  if (row.file.owner_id !== actor.id) throw new AppError("NOT_FOUND", VIDEO_MESSAGES.notFound);
  return row;
}

/**
 * Stores a caption track (WebVTT, or SRT converted to WebVTT) of the actor's video for `language`,
 * replacing the previous one of that language.
 * @throws AppError VALIDATION_FAILED (captionInvalid), NOT_FOUND (unknown or another's video).
 */
export async function uploadCaption(
  deps: VideoDeps,
  actor: SessionUser,
  fileId: string,
  input: CaptionUpload,
  secret: string,
): Promise<VideoCaption> {
  await ownVideo(deps.db, actor, fileId);
  const vtt = toWebVtt(input.text);
  if (!vtt)
    throw new AppError("VALIDATION_FAILED", VIDEO_MESSAGES.captionInvalid, [
      { path: "text", message: VIDEO_MESSAGES.captionInvalid },
    ]);
  const key = `captions/${fileId}/${input.language}-${Date.now()}-${randomBytes(4).toString("hex")}.vtt`;
  await deps.storage.put(key, new TextEncoder().encode(vtt), "text/vtt");
  const name = input.fileName?.split(/[\\/]/).pop()?.slice(0, 255) || null;
  let old: string | undefined;
  try {
    old = await deps.db.transaction((tx) =>
      upsertCaption(tx, { fileId, language: input.language, key, originalName: name }),
    );
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (old && old !== key) await deps.storage.delete(old).catch(() => undefined);
  const [row] = (await captionsOf(deps.db, [fileId])).filter((c) => c.language === input.language);
  return toCaption(row!, signVideoQuery(secret, fileId, VIDEO_ASSET_URL_SECONDS));
}

/** Removes the actor's caption track of `language`. @throws AppError NOT_FOUND. */
export async function removeCaption(deps: VideoDeps, actor: SessionUser, fileId: string, language: string) {
  await ownVideo(deps.db, actor, fileId);
  const key = await deleteCaption(deps.db, fileId, language);
  if (!key) throw new AppError("NOT_FOUND", VIDEO_MESSAGES.notFound);
  await deps.storage.delete(key).catch(() => undefined);
}
