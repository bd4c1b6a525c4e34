/**
 * Caption files (issue 26 item 4): WebVTT is kept as uploaded (normalised line ends, BOM removed);
 * SubRip (SRT) is converted to WebVTT: "WEBVTT" header, numeric cue counters dropped, the comma
 * before milliseconds becomes a dot. Anything else is refused.
 */

const SRT_TIME = /^(\d{1,2}:)?\d{1,2}:\d{2}[,.]\d{1,3}\s*-->\s*(\d{1,2}:)?\d{1,2}:\d{2}[,.]\d{1,3}/;
const VTT_TIME = /(\d{1,2}:)?\d{2}:\d{2}\.\d{3}\s+-->\s+(\d{1,2}:)?\d{2}:\d{2}\.\d{3}/;

function pad(time: string): string {
  const [clock, ms = "0"] = time.trim().replace(",", ".").split(".");
  const parts = clock!.split(":").map((p) => p.padStart(2, "0"));
  while (parts.length < 3) parts.unshift("00");
  return `${parts.join(":")}.${ms.padEnd(3, "0").slice(0, 3)}`;
}

/** Converts SRT text to WebVTT. @returns undefined when it has no cue. */
export function srtToVtt(srt: string): string | undefined {
  const blocks = srt
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n{2,}/);
  const cues: string[] = [];
  for (const block of blocks) {
    const lines = block.split("\n");
    if (/^\d+$/.test(lines[0]?.trim() ?? "")) lines.shift();
    const timing = lines.shift()?.trim() ?? "";
    if (!SRT_TIME.test(timing)) continue;
    const [start, rest] = timing.split("-->");
    const [end, ...settings] = rest!.trim().split(/\s+/);
    const text = lines.join("\n").trim();
    if (!text) continue;
    cues.push(`${pad(start!)} --> ${pad(end!)}${settings.length ? ` ${settings.join(" ")}` : ""}\n${text}`);
  }
  return cues.length ? `WEBVTT\n\n${cues.join("\n\n")}\n` : undefined;
}

/**
 * A caption upload as WebVTT: WebVTT (starts with "WEBVTT" and has a cue) is returned normalised;
 * SRT is converted. @returns undefined for anything else (or a file without cues).
 */
export function toWebVtt(text: string): string | undefined {
  const clean = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (/^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(clean))
    return VTT_TIME.test(clean) ? `${clean.trimEnd()}\n` : undefined;
  return srtToVtt(clean);
}
