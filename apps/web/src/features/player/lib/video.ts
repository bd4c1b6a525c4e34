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
    // enablejsapi: the player reports its state by postMessage (the end of the video).
    return id ? `https://www.youtube-nocookie.com/embed/${id}?rel=0&enablejsapi=1` : undefined;
  }
  const id = VIMEO.exec(trimmed)?.[1];
  return id ? `https://player.vimeo.com/video/${id}?api=1` : undefined;
}

/** True for an uploaded file served by the app (/files/…, signed for students: decision 0172); anything else is not played natively. */
export function isUploadedFile(url: string): boolean {
  return /^\/files\/[\w./-]+(\?exp=\d+&sig=[\w-]+)?$/.test(url) && !url.includes("..");
}

/** Where each embedded player's messages come from (postMessage origins). */
export const PLAYER_ORIGINS: Record<"youtube" | "vimeo", readonly string[]> = {
  youtube: ["https://www.youtube-nocookie.com", "https://www.youtube.com"],
  vimeo: ["https://player.vimeo.com"],
};

/**
 * Reads one postMessage from an embedded YouTube or Vimeo player (their iframe APIs, without
 * their scripts; issue 17 item 9). YouTube sends JSON strings: `{"event":"onStateChange","info":0}`
 * or `{"event":"infoDelivery","info":{"playerState":0}}` when the video ends (state 0);
 * `{"event":"onReady"}` first. Vimeo sends `{"event":"ready"}` then, once subscribed,
 * `{"event":"ended"}` (a string or an object).
 * @returns "ready", "ended", or null for anything else (other origins, other events, bad JSON).
 */
export function readPlayerMessage(
  source: "youtube" | "vimeo",
  origin: string,
  data: unknown,
): "ready" | "ended" | null {
  if (!PLAYER_ORIGINS[source].includes(origin)) return null;
  let message: unknown = data;
  if (typeof data === "string") {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!message || typeof message !== "object") return null;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if (source === "vimeo") {
    if (event === "ready") return "ready";
    return event === "ended" ? "ended" : null;
  }
  if (event === "onReady" || event === "initialDelivery") return "ready";
  if (event === "onStateChange") return info === 0 ? "ended" : null;
  if (event === "infoDelivery" && info && typeof info === "object")
    return (info as { playerState?: unknown }).playerState === 0 ? "ended" : null;
  return null;
}

/**
 * The messages that ask a player to report its events to this page: YouTube's "listening"
 * handshake and an onStateChange subscription; Vimeo's addEventListener("ended").
 */
export function subscribeMessages(source: "youtube" | "vimeo"): string[] {
  if (source === "vimeo") return [JSON.stringify({ method: "addEventListener", value: "ended" })];
  return [
    JSON.stringify({ event: "listening", id: "academy-lesson", channel: "widget" }),
    JSON.stringify({
      event: "command",
      func: "addEventListener",
      args: ["onStateChange"],
      id: "academy-lesson",
      channel: "widget",
    }),
  ];
}
