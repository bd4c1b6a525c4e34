import { renderAsync } from "@resvg/resvg-js";

import { BRAND_FONT } from "../../lib/brand-font.ts";
import { BRAND_RESVG_OPTIONS, brandText, measureBrandText } from "../../lib/brand-svg.ts";

export { BRAND_FONT };

/** Size of a generated course thumbnail in pixels (16:9). */
export const THUMBNAIL_WIDTH = 1280;
export const THUMBNAIL_HEIGHT = 720;

/** Academy's colours: navy to teal. */
const NAVY = "#1A237E";
const TEAL = "#00C7B1";

const TEXT_LEFT = 96;
const TEXT_MAX_WIDTH = THUMBNAIL_WIDTH - 2 * TEXT_LEFT;
const MAX_LINES = 3;
/** Title sizes tried in turn (px) until the title fits on MAX_LINES lines. */
const TITLE_SIZES = [80, 68, 58, 50];
const LINE_HEIGHT = 1.22;

/** One line of title text (bold, 700) in the brand font (see brandText). */
function titleText(content: string, size: number, x: number, y: number, extra = ""): string {
  return brandText(content, size, 700, x, y, extra);
}

/** Ink width in px of one line of title text at `size`, measured by laying it out with resvg. */
function measure(line: string, size: number): number {
  return measureBrandText(line, size, 700);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Splits a word too wide for a line into pieces that fit (by grapheme, so accents stay attached). */
function splitWord(word: string, size: number): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const { segment } of graphemes.segment(word)) {
    if (current && measure(current + segment, size) > TEXT_MAX_WIDTH) {
      pieces.push(current);
      current = segment;
    } else current += segment;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Greedy word wrap at `size`: every line fits TEXT_MAX_WIDTH. */
function wrap(words: string[], size: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate, size) <= TEXT_MAX_WIDTH) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    if (measure(word, size) <= TEXT_MAX_WIDTH) current = word;
    else {
      const pieces = splitWord(word, size);
      lines.push(...pieces.slice(0, -1));
      current = pieces.at(-1) ?? "";
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The title on at most MAX_LINES lines, at the largest size that fits; the last line ends in "…" if cut. */
export function layoutTitle(title: string): { lines: string[]; size: number } {
  const words = title.normalize("NFC").split(/\s+/).filter(Boolean);
  if (words.length === 0) return { lines: [], size: TITLE_SIZES[0] };
  for (const size of TITLE_SIZES) {
    const lines = wrap(words, size);
    if (lines.length <= MAX_LINES) return { lines, size };
  }
  const size = TITLE_SIZES[TITLE_SIZES.length - 1];
  const lines = wrap(words, size).slice(0, MAX_LINES);
  // Cut the last line at a word boundary where possible, then by grapheme, until "…" fits.
  let last = lines[MAX_LINES - 1];
  while (measure(`${last}…`, size) > TEXT_MAX_WIDTH) {
    const space = last.lastIndexOf(" ");
    if (space > 0) last = last.slice(0, space);
    else
      last = Array.from(graphemes.segment(last), (g) => g.segment)
        .slice(0, -1)
        .join("");
  }
  lines[MAX_LINES - 1] = `${last}…`;
  return { lines, size };
}

/** Per-category look: gradient direction and a faint pattern (categories of spec 001 §4). */
interface Design {
  /** Gradient end points in objectBoundingBox units. */
  gradient: { x1: number; y1: number; x2: number; y2: number };
  pattern: string;
}

function dots(): string {
  const out: string[] = [];
  for (let y = 60; y < THUMBNAIL_HEIGHT; y += 56)
    for (let x = 760; x < THUMBNAIL_WIDTH; x += 56) out.push(`<circle cx="${x}" cy="${y}" r="5"/>`);
  return out.join("");
}

function grid(): string {
  const out: string[] = [];
  for (let x = 0; x <= THUMBNAIL_WIDTH; x += 64) out.push(`<rect x="${x}" y="0" width="2" height="720"/>`);
  for (let y = 0; y <= THUMBNAIL_HEIGHT; y += 64) out.push(`<rect x="0" y="${y}" width="1280" height="2"/>`);
  return out.join("");
}

function bars(): string {
  const heights = [120, 190, 160, 260, 340, 420];
  return heights
    .map((h, i) => `<rect x="${820 + i * 70}" y="${THUMBNAIL_HEIGHT - h}" width="48" height="${h}" rx="8"/>`)
    .join("");
}

function rings(): string {
  return [140, 230, 320, 410]
    .map((r) => `<circle cx="1120" cy="120" r="${r}" fill="none" stroke="#fff" stroke-width="18"/>`)
    .join("");
}

function hexagons(): string {
  const out: string[] = [];
  const r = 46;
  const h = Math.sqrt(3) * r;
  for (let row = 0; row < 6; row++)
    for (let col = 0; col < 6; col++) {
      const cx = 820 + col * 1.5 * r;
      const cy = 40 + row * h + (col % 2 ? h / 2 : 0);
      const points = Array.from({ length: 6 }, (_, i) => {
        const a = (Math.PI / 3) * i;
        return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
      }).join(" ");
      out.push(`<polygon points="${points}" fill="none" stroke="#fff" stroke-width="4"/>`);
    }
  return out.join("");
}

function diagonals(): string {
  const out: string[] = [];
  for (let x = -720; x < THUMBNAIL_WIDTH; x += 80)
    out.push(`<polygon points="${x},720 ${x + 26},720 ${x + 746},0 ${x + 720},0"/>`);
  return out.join("");
}

const DESIGNS: Record<string, Design> = {
  language: { gradient: { x1: 0, y1: 0, x2: 1, y2: 1 }, pattern: dots() },
  programming: { gradient: { x1: 0, y1: 1, x2: 1, y2: 0 }, pattern: grid() },
  business: { gradient: { x1: 0, y1: 0, x2: 1, y2: 0 }, pattern: bars() },
  creative: { gradient: { x1: 1, y1: 0, x2: 0, y2: 1 }, pattern: rings() },
  science: { gradient: { x1: 0, y1: 0, x2: 0, y2: 1 }, pattern: hexagons() },
};
const DEFAULT_DESIGN: Design = { gradient: { x1: 0, y1: 0, x2: 1, y2: 0.6 }, pattern: diagonals() };

/** The SVG of a course thumbnail (see `renderCourseThumbnail`). */
export function courseThumbnailSvg(title: string, category?: string | null): string {
  const design = DESIGNS[category?.trim().toLowerCase() ?? ""] ?? DEFAULT_DESIGN;
  const { lines, size } = layoutTitle(title);
  const lineHeight = Math.round(size * LINE_HEIGHT);
  // Centre the block of lines a little above the middle; y is each line's baseline.
  const blockHeight = lines.length * lineHeight;
  const firstBaseline = Math.round((THUMBNAIL_HEIGHT - blockHeight) / 2 - 20 + size * 0.95);
  const titleLines = lines
    .map((line, i) => titleText(line, size, TEXT_LEFT, firstBaseline + i * lineHeight, ' fill="#FFFFFF"'))
    .join("");
  const { x1, y1, x2, y2 } = design.gradient;
  const accentY = firstBaseline - size - 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMBNAIL_WIDTH}" height="${THUMBNAIL_HEIGHT}" viewBox="0 0 ${THUMBNAIL_WIDTH} ${THUMBNAIL_HEIGHT}">
<defs><linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="${TEAL}"/></linearGradient></defs>
<rect width="${THUMBNAIL_WIDTH}" height="${THUMBNAIL_HEIGHT}" fill="url(#bg)"/>
<g fill="#FFFFFF" opacity="0.1">${design.pattern}</g>
<rect x="${TEXT_LEFT}" y="${accentY}" width="96" height="8" rx="4" fill="${TEAL}"/>
${titleLines}
<g transform="translate(${TEXT_LEFT} ${THUMBNAIL_HEIGHT - 96})">
<rect width="44" height="44" rx="10" fill="#FFFFFF"/>
<text x="22" y="33" text-anchor="middle" font-family="${BRAND_FONT.family}" font-weight="700" font-size="28" fill="${NAVY}">A</text>
<text x="58" y="32" font-family="${BRAND_FONT.family}" font-weight="600" font-size="28" fill="#FFFFFF" opacity="0.92">Academy</text>
</g>
</svg>`;
}

/**
 * Renders a course thumbnail (spec 001 §4 "thumbnail (upload or auto-generated)"): a 1280×720 PNG
 * with a navy-to-teal gradient whose direction and faint pattern depend on the category
 * (language, programming, business, creative, science, or any other), the title in white on up to
 * three lines (shrunk, then cut with "…", to fit), and a small "Academy" mark. Uses only BRAND_FONT.
 * @param title any text, e.g. "Khóa học Tiếng Việt cơ bản"; whitespace is collapsed.
 * @returns the PNG file's bytes (about 50–300 kB).
 */
export async function renderCourseThumbnail(title: string, category?: string | null): Promise<Uint8Array> {
  const svg = courseThumbnailSvg(title, category);
  // The rasterising runs on libuv's thread pool, off the event loop.
  const image = await renderAsync(svg, BRAND_RESVG_OPTIONS);
  return new Uint8Array(image.asPng());
}
