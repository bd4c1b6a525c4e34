/**
 * Embeddable player addresses of lesson videos. The server stores YouTube links as
 * https://www.youtube.com/watch?v={id} and Vimeo links as https://vimeo.com/{id} (the same rule as
 * the course builder's classifyVideoUrl); the CSP allows exactly these two frame sources.
 */
const YOUTUBE =
  /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{11})/;
const VIMEO = /^https:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d+)/;

/** @returns the privacy-enhanced YouTube or the Vimeo player address, or undefined. */
export function embedUrl(source: "youtube" | "vimeo", url: string): string | undefined {
  const trimmed = url.trim();
  if (source === "youtube") {
    const id = YOUTUBE.exec(trimmed)?.[1];
    return id ? `https://www.youtube-nocookie.com/embed/${id}?rel=0` : undefined;
  }
  const id = VIMEO.exec(trimmed)?.[1];
  return id ? `https://player.vimeo.com/video/${id}` : undefined;
}

/** True for an uploaded file served by the app (/files/…); anything else is not played natively. */
export function isUploadedFile(url: string): boolean {
  return /^\/files\/[\w./-]+$/.test(url) && !url.includes("..");
}
