import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { storedFiles, videoAssets, videoCaptions } from "../../db/schema/index.ts";

export type VideoAssetRow = typeof videoAssets.$inferSelect;
export type VideoCaptionRow = typeof videoCaptions.$inferSelect;

/** A claimed transcode job: the asset row with its stored file's key and owner. */
export interface VideoJob {
  id: string;
  stored_file_id: string;
  attempts: number;
  key: string;
  owner_id: string;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Creates a pending video_assets row for every lesson-video stored file without one. @returns how many. */
export async function enqueueNewVideos(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    insert into video_assets (stored_file_id)
    select f.id from stored_files f
     where f.area = 'lesson-video'
       and not exists (select 1 from video_assets a where a.stored_file_id = f.id)
    on conflict (stored_file_id) do nothing
    returning id`);
  return rowsOf(result).length;
}

/**
 * Claims the oldest due job (pending, or processing with an expired lease: its instance died) with
 * FOR UPDATE SKIP LOCKED, so two workers never take the same row; marks it processing with a lease
 * of `leaseSeconds` and counts the attempt (the attempt number fences later writes).
 */
export async function claimVideoJob(db: Executor, leaseSeconds: number): Promise<VideoJob | undefined> {
  const result = await db.execute(sql`
    with claimed as (
      update video_assets set status = 'processing', attempts = attempts + 1, progress = 0,
             error = null, locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
       where id = (
         select id from video_assets
          where status = 'pending' or (status = 'processing' and locked_until < now())
          order by created_at
          limit 1
          for update skip locked)
      returning id, stored_file_id, attempts)
    select c.id, c.stored_file_id, c.attempts, f.key, f.owner_id
      from claimed c join stored_files f on f.id = c.stored_file_id`);
  return rowsOf<VideoJob>(result)[0];
}

/** Records progress (percent) and renews the lease, only while this attempt still owns the job. */
export async function updateVideoProgress(
  db: Executor,
  job: Pick<VideoJob, "id" | "attempts">,
  values: {
    progress?: number;
    durationSeconds?: number;
    width?: number;
    height?: number;
    hasAudio?: boolean;
  },
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(videoAssets)
    .set({
      ...(values.progress !== undefined ? { progress: values.progress } : {}),
      ...(values.durationSeconds !== undefined ? { duration_seconds: values.durationSeconds } : {}),
      ...(values.width !== undefined ? { width: values.width } : {}),
      ...(values.height !== undefined ? { height: values.height } : {}),
      ...(values.hasAudio !== undefined ? { has_audio: values.hasAudio } : {}),
      locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updated_at: sql`now()`,
    })
    .where(
      and(
        eq(videoAssets.id, job.id),
        eq(videoAssets.attempts, job.attempts),
        eq(videoAssets.status, "processing"),
      ),
    )
    .returning({ id: videoAssets.id });
  return rows.length > 0;
}

/** Marks this attempt's job ready (progress 100) with its HLS folder, poster and renditions. */
export async function finishVideoJob(
  db: Executor,
  job: Pick<VideoJob, "id" | "attempts">,
  values: { hlsPrefix: string; posterKey: string | null; renditions: number[] },
): Promise<boolean> {
  const rows = await db
    .update(videoAssets)
    .set({
      status: "ready",
      progress: 100,
      hls_prefix: values.hlsPrefix,
      poster_key: values.posterKey,
      renditions: values.renditions,
      locked_until: null,
      error: null,
      updated_at: sql`now()`,
    })
    .where(and(eq(videoAssets.id, job.id), eq(videoAssets.attempts, job.attempts)))
    .returning({ id: videoAssets.id });
  return rows.length > 0;
}

/** Marks this attempt's job failed with `error` (shown to the creator). */
export async function failVideoJob(
  db: Executor,
  job: Pick<VideoJob, "id" | "attempts">,
  error: string,
): Promise<void> {
  await db
    .update(videoAssets)
    .set({ status: "failed", error: error.slice(0, 500), locked_until: null, updated_at: sql`now()` })
    .where(and(eq(videoAssets.id, job.id), eq(videoAssets.attempts, job.attempts)));
}

/** A stored file with its video asset (if any), by key. */
export async function findVideoByKey(db: Executor, key: string) {
  const [row] = await db
    .select({ file: storedFiles, asset: videoAssets })
    .from(storedFiles)
    .leftJoin(videoAssets, eq(videoAssets.stored_file_id, storedFiles.id))
    .where(eq(storedFiles.key, key))
    .limit(1);
  return row;
}

/** A stored file with its video asset (if any), by stored file id. */
export async function findVideoByFileId(db: Executor, fileId: string) {
  const [row] = await db
    .select({ file: storedFiles, asset: videoAssets })
    .from(storedFiles)
    .leftJoin(videoAssets, eq(videoAssets.stored_file_id, storedFiles.id))
    .where(eq(storedFiles.id, fileId))
    .limit(1);
  return row;
}

/** Video assets (with their stored file keys) of the given keys. */
export async function videosByKeys(db: Executor, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({
      key: storedFiles.key,
      fileId: storedFiles.id,
      ownerId: storedFiles.owner_id,
      asset: videoAssets,
    })
    .from(storedFiles)
    .leftJoin(videoAssets, eq(videoAssets.stored_file_id, storedFiles.id))
    .where(
      sql`${storedFiles.key} in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
}

export async function captionsOf(db: Executor, fileIds: string[]): Promise<VideoCaptionRow[]> {
  if (fileIds.length === 0) return [];
  return db
    .select()
    .from(videoCaptions)
    .where(
      sql`${videoCaptions.stored_file_id} in (${sql.join(
        fileIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(videoCaptions.language);
}

/** Inserts or replaces the caption of (file, language). @returns the replaced row's key, if any. */
export async function upsertCaption(
  db: Executor,
  values: { fileId: string; language: string; key: string; originalName: string | null },
): Promise<string | undefined> {
  const [old] = await db
    .select({ key: videoCaptions.key })
    .from(videoCaptions)
    .where(and(eq(videoCaptions.stored_file_id, values.fileId), eq(videoCaptions.language, values.language)))
    .for("update");
  await db
    .insert(videoCaptions)
    .values({
      stored_file_id: values.fileId,
      language: values.language,
      key: values.key,
      original_name: values.originalName,
    })
    .onConflictDoUpdate({
      target: [videoCaptions.stored_file_id, videoCaptions.language],
      set: { key: values.key, original_name: values.originalName, created_at: sql`now()` },
    });
  return old?.key;
}

export async function deleteCaption(
  db: Executor,
  fileId: string,
  language: string,
): Promise<string | undefined> {
  const [row] = await db
    .delete(videoCaptions)
    .where(and(eq(videoCaptions.stored_file_id, fileId), eq(videoCaptions.language, language)))
    .returning({ key: videoCaptions.key });
  return row?.key;
}

/**
 * True when `userId` holds a completed enrolment in a course with a published video lesson that
 * uses the file `/files/<key>` (content_data.url or content_url, with or without a query), and the
 * course's creator owns the file (issue 25 N4).
 */
export async function isEnrolledForVideo(db: Executor, userId: string, key: string): Promise<boolean> {
  const url = `/files/${key}`;
  const result = await db.execute(sql`
    select 1 from lessons l
      join courses c on c.id = l.course_id
      join enrollments e on e.course_id = c.id and e.student_id = ${userId} and e.payment_status = 'completed'
      join stored_files f on f.key = ${key} and f.owner_id = c.creator_id
     where l.content_type = 'video' and l.is_published
       and (split_part(coalesce(l.content_data->>'url', l.content_url, ''), '?', 1) = ${url})
     limit 1`);
  return rowsOf(result).length > 0;
}
