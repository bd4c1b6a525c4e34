import { Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { BRAND_FONT } from "./brand-font.ts";

// SVG text in the brand font for the images the server draws with resvg (generated course
// thumbnails, shared-achievement Open Graph images): the renderer's options, the <text> element
// and the measure of a line's ink width, so both images lay text out the same way.

/** resvg options: only BRAND_FONT's files (no system fonts), the SVG's own size, no logging. */
export const BRAND_RESVG_OPTIONS: ResvgRenderOptions = {
  font: {
    loadSystemFonts: false,
    fontFiles: [BRAND_FONT.files.regular, BRAND_FONT.files.semiBold, BRAND_FONT.files.bold],
    defaultFontFamily: BRAND_FONT.family,
    sansSerifFamily: BRAND_FONT.family,
  },
  fitTo: { mode: "original" },
  logLevel: "off",
};

/** `text` with XML's five special characters escaped, for SVG text and attributes. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] ?? ch,
  );
}

/**
 * A `<text>` element in the brand font: `content` (escaped) at baseline (`x`, `y`) px, `size` px,
 * `weight` (400, 600 or 700); `extra` is appended to the attributes (e.g. ` fill="#FFFFFF"`).
 */
export function brandText(
  content: string,
  size: number,
  weight: number,
  x: number,
  y: number,
  extra = "",
): string {
  return `<text x="${x}" y="${y}" font-family="${BRAND_FONT.family}" font-weight="${weight}" font-size="${size}"${extra}>${escapeXml(content)}</text>`;
}

/** Ink width in px of one line at `size` px and `weight`, laid out by resvg with the brand font. */
export function measureBrandText(line: string, size: number, weight: number): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="400">${brandText(line, size, weight, 0, 200)}</svg>`;
  return new Resvg(svg, BRAND_RESVG_OPTIONS).getBBox()?.width ?? 0;
}
