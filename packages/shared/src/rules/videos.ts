/**
 * Uploaded lesson video's languages, limits and texts (issue 26 items 2–4, decision 0236), without
 * zod, so the lesson player does not carry the schema library (issue 17 §14 budget). Units:
 * characters, seconds. The schemas are in ../schemas/videos.ts.
 */

/** Caption languages a creator may upload (issue 26 item 4). */
export const CAPTION_LANGUAGES = ["vi", "en"] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];

/** Largest caption file accepted, in characters (WebVTT or SRT text). */
export const MAX_CAPTION_CHARS = 1_000_000;

/** Playback speeds the player offers (issue 26 item 3: 0.75–2×). */
export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** Seconds between resume-position saves while a video plays (issue 26 item 3: "every ~5 s"). */
export const POSITION_SAVE_SECONDS = 5;

export const VIDEO_MESSAGES = {
  notFound: "Video not found.",
  noAccess: "This video is available to the course's students only.",
  linkExpired: "This video link has expired. Reload the lesson.",
  captionInvalid: "Please upload a WebVTT (.vtt) or SubRip (.srt) caption file.",
  captionEmpty: "This caption file has no cues.",
  notReady: "The video is still processing.",
} as const;
