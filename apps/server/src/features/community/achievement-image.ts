import { renderAsync } from "@resvg/resvg-js";
import { BRAND_FONT } from "../../lib/brand-font.ts";
import { BRAND_RESVG_OPTIONS, brandText, escapeXml, measureBrandText } from "../../lib/brand-svg.ts";

// The Open Graph image of a shared achievement (issue 27 §4, decision 0234).

/** Open Graph image size in pixels (the size Facebook, Zalo and X show large). */
export const ACHIEVEMENT_IMAGE_WIDTH = 1200;
export const ACHIEVEMENT_IMAGE_HEIGHT = 630;

const NAVY = "#1A237E";
const TEAL = "#00C7B1";
const GOLD = "#FFC83D";

const TEXT_LEFT = 440;
const TEXT_MAX_WIDTH = ACHIEVEMENT_IMAGE_WIDTH - TEXT_LEFT - 72;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Greedy word wrap to TEXT_MAX_WIDTH on at most `maxLines` lines; the last is cut with "…". */
export function wrapLines(value: string, size: number, weight: number, maxLines: number): string[] {
  const words = value.normalize("NFC").split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (measureBrandText(candidate, size, weight) <= TEXT_MAX_WIDTH) current = candidate;
    else {
      if (current) lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines && lines.every((l) => measureBrandText(l, size, weight) <= TEXT_MAX_WIDTH))
    return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[kept.length - 1];
  const parts = Array.from(graphemes.segment(last), (g) => g.segment);
  while (parts.length > 0 && measureBrandText(`${parts.join("")}…`, size, weight) > TEXT_MAX_WIDTH)
    parts.pop();
  last = `${parts.join("").trimEnd()}…`;
  kept[kept.length - 1] = last;
  return kept;
}

/** What the image shows: all public (the page shows the same). */
export interface AchievementImageInput {
  /** "Achievement" / "Thành tích". */
  label: string;
  title: string;
  description: string;
  /** The owner's display name, e.g. "Nguyễn Văn An". */
  name: string;
  /** The date earned, already formatted, e.g. "28 tháng 11, 2026". */
  date: string;
  platformName: string;
}

/** The SVG of the image (see renderAchievementImage). */
export function achievementImageSvg(input: AchievementImageInput): string {
  const titleLines = wrapLines(input.title, 64, 700, 2);
  const descriptionLines = wrapLines(input.description, 30, 400, 2);
  const name = wrapLines(input.name, 30, 700, 1)[0] ?? "";
  const date = wrapLines(input.date, 26, 400, 1)[0] ?? "";
  const platform = wrapLines(input.platformName, 28, 600, 1)[0] ?? "";
  let y = 200;
  const parts: string[] = [
    brandText(input.label.toUpperCase(), 26, 700, TEXT_LEFT, y - 76, ` fill="${GOLD}" letter-spacing="3"`),
  ];
  for (const line of titleLines) {
    parts.push(brandText(line, 64, 700, TEXT_LEFT, y, ' fill="#FFFFFF"'));
    y += 76;
  }
  y += 4;
  for (const line of descriptionLines) {
    parts.push(brandText(line, 30, 400, TEXT_LEFT, y, ' fill="#FFFFFF" opacity="0.9"'));
    y += 42;
  }
  const nameY = Math.max(y + 30, 440);
  parts.push(brandText(name, 30, 700, TEXT_LEFT, nameY, ' fill="#FFFFFF"'));
  parts.push(brandText(date, 26, 400, TEXT_LEFT, nameY + 38, ' fill="#FFFFFF" opacity="0.85"'));
  const W = ACHIEVEMENT_IMAGE_WIDTH;
  const H = ACHIEVEMENT_IMAGE_HEIGHT;
  // The medal: a ribbon, a gold disc and a star.
  const star = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? 62 : 26;
    const a = -Math.PI / 2 + (Math.PI / 5) * i;
    return `${(220 + r * Math.cos(a)).toFixed(1)},${(330 + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="${TEAL}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<g fill="#FFFFFF" opacity="0.08">${[160, 250, 340].map((r) => `<circle cx="220" cy="330" r="${r}" fill="none" stroke="#fff" stroke-width="14"/>`).join("")}</g>
<polygon points="170,120 210,120 240,250 200,250" fill="#E53935"/>
<polygon points="270,120 230,120 200,250 240,250" fill="#1E88E5"/>
<circle cx="220" cy="330" r="112" fill="${GOLD}"/>
<circle cx="220" cy="330" r="92" fill="none" stroke="#FFFFFF" stroke-width="6" opacity="0.7"/>
<polygon points="${star}" fill="#FFFFFF"/>
${parts.join("\n")}
<g transform="translate(${TEXT_LEFT} ${H - 92})">
<rect width="44" height="44" rx="10" fill="#FFFFFF"/>
<text x="22" y="33" text-anchor="middle" font-family="${BRAND_FONT.family}" font-weight="700" font-size="28" fill="${NAVY}">${escapeXml((platform[0] ?? "A").toUpperCase())}</text>
<text x="58" y="32" font-family="${BRAND_FONT.family}" font-weight="600" font-size="28" fill="#FFFFFF" opacity="0.92">${escapeXml(platform)}</text>
</g>
</svg>`;
}

/**
 * Renders a shared achievement's Open Graph image: a 1200×630 PNG (navy-to-teal gradient, a gold
 * medal, the label, the achievement's name on up to two lines and description on up to two, the
 * owner's display name, the date, and the platform's name), using only BRAND_FONT.
 * @returns the PNG file's bytes.
 */
export async function renderAchievementImage(input: AchievementImageInput): Promise<Uint8Array> {
  const image = await renderAsync(achievementImageSvg(input), BRAND_RESVG_OPTIONS);
  return new Uint8Array(image.asPng());
}
