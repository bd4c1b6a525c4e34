/**
 * The lesson video address rule, the same as the server's (apps/server/src/features/course-builder/
 * sanitize.ts classifyVideoUrl): an uploaded file (/files/…), a YouTube link (watch?v=ID, youtu.be/ID,
 * embed/ID, shorts/ID; https only) or a Vimeo link (vimeo.com/ID). Anything else is refused with
 * COURSE_MESSAGES.videoUrlInvalid.
 */
const YOUTUBE =
  /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{11})/;
const VIMEO = /^https:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d+)/;

export type VideoSource = "upload" | "youtube" | "vimeo";

/** @returns the source and the normalized address, or undefined when the address is not accepted. */
export function classifyVideoUrl(url: string): { source: VideoSource; url: string } | undefined {
  const trimmed = url.trim();
  if (/^\/files\/[\w./-]+$/.test(trimmed) && !trimmed.includes(".."))
    return { source: "upload", url: trimmed };
  const yt = YOUTUBE.exec(trimmed);
  if (yt) return { source: "youtube", url: `https://www.youtube.com/watch?v=${yt[1]}` };
  const vimeo = VIMEO.exec(trimmed);
  if (vimeo) return { source: "vimeo", url: `https://vimeo.com/${vimeo[1]}` };
  return undefined;
}

/**
 * The embeddable player address of a YouTube (privacy-enhanced youtube-nocookie.com) or Vimeo link,
 * or undefined for uploads and anything not accepted.
 */
export function videoEmbedUrl(url: string): string | undefined {
  const trimmed = url.trim();
  const yt = YOUTUBE.exec(trimmed);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt[1]}`;
  const vimeo = VIMEO.exec(trimmed);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return undefined;
}
