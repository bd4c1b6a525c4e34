import { z } from "zod";
import { CAPTION_LANGUAGES, MAX_CAPTION_CHARS } from "../rules/videos.ts";

/**
 * Uploaded lesson video: HLS streams, processing state, captions and resume position (issue 26
 * items 2–4, decision 0236). Units: seconds, percent, pixels (rendition heights).
 */

export const videoCaptionSchema = z.object({
  language: z.enum(CAPTION_LANGUAGES),
  /** Signed, expiring address of the WebVTT file. */
  url: z.string(),
  originalName: z.string().nullable().optional(),
});
export type VideoCaption = z.infer<typeof videoCaptionSchema>;

/** What the player needs to stream an uploaded video that has been transcoded to HLS. */
export const videoStreamSchema = z.object({
  /** Master playlist (checks the session's enrolment; its variant and segment URIs are signed). */
  masterUrl: z.string(),
  posterUrl: z.string().nullable(),
  /** Heights of the renditions, lowest first (e.g. [360, 720]). */
  renditions: z.array(z.number().int()),
  durationSeconds: z.number().nullable(),
  captions: z.array(videoCaptionSchema),
});
export type VideoStream = z.infer<typeof videoStreamSchema>;

/** The processing state of one uploaded video as the course builder shows it (owner only). */
export const videoStatusSchema = z.object({
  fileId: z.uuid(),
  /** unavailable: no FFmpeg on this server, the original file plays. */
  status: z.enum(["pending", "processing", "ready", "failed", "unavailable"]),
  /** Percent, 0–100. */
  progress: z.number().int(),
  durationSeconds: z.number().nullable(),
  renditions: z.array(z.number().int()),
  /** Why the transcode failed (the original stays playable). */
  error: z.string().nullable(),
  posterUrl: z.string().nullable(),
  captions: z.array(videoCaptionSchema),
});
export type VideoStatus = z.infer<typeof videoStatusSchema>;

/** A caption upload: the file's text (WebVTT or SRT; SRT is converted on the server). */
export const captionUploadSchema = z.object({
  language: z.enum(CAPTION_LANGUAGES),
  text: z.string().min(1).max(MAX_CAPTION_CHARS),
  fileName: z.string().max(255).optional(),
});
export type CaptionUpload = z.infer<typeof captionUploadSchema>;

/** The resume position of a video lesson, in seconds (issue 26 item 3). */
export const videoPositionSchema = z.object({
  seconds: z.number().min(0).max(86_400),
});
