import { readFile } from "node:fs/promises";
import fontkit from "@pdf-lib/fontkit";
import { type Color, degrees, PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { BRAND_FONT } from "../../lib/brand-font.ts";
import { CERTIFICATE_TIME_ZONE, formatCertificateDate } from "./certificate-date.ts";

/** What a certificate PDF shows. Dates are instants; they are printed in CERTIFICATE_TIME_ZONE. */
export interface CertificatePdfInput {
  /** The public certificate code, e.g. "7K3M9QX2PA". */
  id: string;
  studentName: string;
  courseTitle: string;
  /** Null when the course has no school: the line then says "offered on Academy". */
  schoolName: string | null;
  completionDate: Date;
  issuedAt: Date;
  /** Absolute verification URL, printed and encoded in the QR code. */
  verifyUrl: string;
  /**
   * The school's logo (issue 15), PNG or JPEG bytes: drawn at the top with the school's name in
   * place of the Academy mark. Absent or null: the Academy mark.
   */
  logo?: { bytes: Uint8Array; kind: "png" | "jpeg" } | null;
}

export { CERTIFICATE_TIME_ZONE, formatCertificateDate } from "./certificate-date.ts";

const NAVY = hex("#1A237E");
const TEAL = hex("#00C7B1");
const TEAL_DARK = hex("#00897B");
const INK = hex("#2B2F3A");
const MUTED = hex("#5F6675");
const PAPER = hex("#FFFDF7");
const WHITE = rgb(1, 1, 1);

function hex(value: string): Color {
  const n = Number.parseInt(value.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

let fontBytes: Promise<{ regular: Uint8Array; semiBold: Uint8Array; bold: Uint8Array }> | undefined;

/** The TTF files of BRAND_FONT, read once per process. */
function loadFontBytes() {
  fontBytes ??= Promise.all([
    readFile(BRAND_FONT.files.regular),
    readFile(BRAND_FONT.files.semiBold),
    readFile(BRAND_FONT.files.bold),
  ]).then(([regular, semiBold, bold]) => ({ regular, semiBold, bold }));
  fontBytes.catch(() => {
    fontBytes = undefined;
  });
  return fontBytes;
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** Greedy word wrap of `text` at `size` into lines no wider than `maxWidth` (long words are cut by grapheme). */
function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= maxWidth;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const { segment } of graphemes.segment(word)) {
      if (line && !fits(line + segment)) {
        lines.push(line);
        line = segment;
      } else line += segment;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The first attempt (font size, line budget) at which `text` fits; at the last attempt the text is
 * cut with "…" to its line budget.
 */
function fit(
  text: string,
  font: PDFFont,
  maxWidth: number,
  attempts: Array<{ size: number; maxLines: number }>,
): { size: number; lines: string[] } {
  for (const { size, maxLines } of attempts) {
    const lines = wrap(text, font, size, maxWidth);
    if (lines.length <= maxLines) return { size, lines };
  }
  const { size, maxLines } = attempts[attempts.length - 1];
  const lines = wrap(text, font, size, maxWidth).slice(0, maxLines);
  let last = lines[maxLines - 1] ?? "";
  while (last && font.widthOfTextAtSize(`${last}…`, size) > maxWidth) last = last.slice(0, -1);
  lines[maxLines - 1] = `${last.trimEnd()}…`;
  return { size, lines };
}

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color: Color) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

/** Text runs of several fonts on one centred line (e.g. "offered by" + the school in semibold). */
function centeredRuns(
  page: PDFPage,
  runs: Array<{ text: string; font: PDFFont; color: Color }>,
  y: number,
  size: number,
  centerX = page.getWidth() / 2,
) {
  const total = runs.reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, size), 0);
  let x = centerX - total / 2;
  for (const run of runs) {
    page.drawText(run.text, { x, y, size, font: run.font, color: run.color });
    x += run.font.widthOfTextAtSize(run.text, size);
  }
}

/** A small diamond (square turned 45°) centred on (cx, cy). */
function diamond(page: PDFPage, cx: number, cy: number, half: number, color: Color) {
  const side = half * Math.SQRT2;
  // pdf-lib rotates a rectangle about its lower-left corner.
  page.drawRectangle({ x: cx, y: cy - half, width: side, height: side, rotate: degrees(45), color });
}

/**
 * Renders a certificate of completion (issue 4; 000 §2, 001 §4) as a one-page A4 landscape PDF:
 * an ivory sheet with a navy frame and teal inner rule, the Academy mark, "Certificate of
 * Completion" / "Chứng nhận hoàn thành", "This certifies that", the student's name large, "has
 * completed", the course title, "offered by {school}", the completion date (e.g. "21 November 2026"
 * and "21/11/2026"), the certificate code, the verification URL and its QR code (PNG made by
 * qrcode). All text uses BRAND_FONT (Be Vietnam Pro, embedded as subsets, with a ToUnicode map so
 * the text can be searched and copied), so Vietnamese names such as "Nguyễn Thị Ánh Tuyết" render
 * without system fonts. Long names and titles shrink, then wrap, then are cut with "…".
 * @returns the PDF file's bytes (about 35–45 kB: three font subsets and one QR image).
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const bytes = await loadFontBytes();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const [regular, semiBold, bold] = await Promise.all([
    doc.embedFont(bytes.regular, { subset: true }),
    doc.embedFont(bytes.semiBold, { subset: true }),
    doc.embedFont(bytes.bold, { subset: true }),
  ]);
  const studentName = input.studentName.normalize("NFC").trim();
  const courseTitle = input.courseTitle.normalize("NFC").trim();
  const schoolName = input.schoolName?.normalize("NFC").trim() || null;
  const dates = formatCertificateDate(input.completionDate);

  doc.setTitle(`Certificate of Completion: ${courseTitle} — ${studentName}`, { showInWindowTitleBar: true });
  doc.setAuthor(schoolName ?? "Academy");
  doc.setSubject(`${studentName} completed "${courseTitle}" on ${dates.long}. Certificate ID ${input.id}.`);
  doc.setKeywords(["certificate", "Academy", input.id]);
  doc.setCreator("Academy");
  doc.setProducer("Academy (pdf-lib)");
  doc.setLanguage("en");
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);

  const [pageHeight, pageWidth] = PageSizes.A4;
  const page = doc.addPage([pageWidth, pageHeight]);
  const W = pageWidth;
  const H = pageHeight;
  const cx = W / 2;

  // Sheet, navy frame, teal inner rule and corner ornaments.
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: PAPER });
  page.drawRectangle({ x: 0, y: 0, width: W, height: 14, color: NAVY });
  page.drawRectangle({ x: 0, y: H - 14, width: W, height: 14, color: NAVY });
  page.drawRectangle({
    x: 22,
    y: 22,
    width: W - 44,
    height: H - 44,
    borderColor: NAVY,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 30,
    y: 30,
    width: W - 60,
    height: H - 60,
    borderColor: TEAL,
    borderWidth: 0.8,
  });
  const arm = 46;
  for (const [x, y, dx, dy] of [
    [38, 38, 1, 1],
    [W - 38, 38, -1, 1],
    [38, H - 38, 1, -1],
    [W - 38, H - 38, -1, -1],
  ] as const) {
    page.drawLine({ start: { x, y }, end: { x: x + dx * arm, y }, thickness: 3, color: TEAL });
    page.drawLine({ start: { x, y }, end: { x, y: y + dy * arm }, thickness: 3, color: TEAL });
    diamond(page, x + dx * 12, y + dy * 12, 4, NAVY);
  }
  // Faint concentric rings behind the centre, like the guilloche of printed certificates.
  for (let r = 180; r <= 300; r += 6) {
    page.drawCircle({ x: cx, y: H / 2, size: r, borderColor: TEAL, borderWidth: 0.4, borderOpacity: 0.14 });
  }

  // The school's logo and name (issue 15), else the Academy mark.
  const logo = input.logo ? await embedLogo(doc, input.logo) : null;
  if (logo) {
    drawSchoolMark(page, logo, schoolName ?? "Academy", semiBold, cx, H - 92);
  } else {
    const markSize = 22;
    const markLabel = "Academy";
    const markLabelSize = 15;
    const markWidth = markSize + 8 + semiBold.widthOfTextAtSize(markLabel, markLabelSize);
    const markX = cx - markWidth / 2;
    const markY = H - 86;
    page.drawRectangle({ x: markX, y: markY, width: markSize, height: markSize, color: NAVY });
    page.drawRectangle({ x: markX, y: markY, width: markSize, height: 4, color: TEAL });
    const aWidth = bold.widthOfTextAtSize("A", 15);
    page.drawText("A", {
      x: markX + (markSize - aWidth) / 2,
      y: markY + 6.5,
      size: 15,
      font: bold,
      color: WHITE,
    });
    page.drawText(markLabel, {
      x: markX + markSize + 8,
      y: markY + 5,
      size: markLabelSize,
      font: semiBold,
      color: NAVY,
    });
  }

  // Title.
  centered(page, "Certificate of Completion", H - 140, bold, 38, NAVY);
  centered(page, "Chứng nhận hoàn thành", H - 168, semiBold, 15, TEAL_DARK);
  page.drawLine({
    start: { x: cx - 70, y: H - 186 },
    end: { x: cx - 12, y: H - 186 },
    thickness: 1,
    color: TEAL,
  });
  page.drawLine({
    start: { x: cx + 12, y: H - 186 },
    end: { x: cx + 70, y: H - 186 },
    thickness: 1,
    color: TEAL,
  });
  diamond(page, cx, H - 186, 4, NAVY);

  // Who and what: laid out top-down from 0, then centred between the title and the footer.
  const draws: Array<(dy: number) => void> = [];
  let y = -13;
  draws.push((dy) => centered(page, "This certifies that", -13 + dy, regular, 13, MUTED));
  const name = fit(studentName, bold, 640, [
    { size: 40, maxLines: 1 },
    { size: 36, maxLines: 1 },
    { size: 32, maxLines: 1 },
    { size: 28, maxLines: 1 },
    { size: 24, maxLines: 1 },
    { size: 24, maxLines: 2 },
  ]);
  y -= 20 + name.size * 0.78;
  for (const [i, line] of name.lines.entries()) {
    if (i > 0) y -= name.size * 1.15;
    const at = y;
    draws.push((dy) => centered(page, line, at + dy, bold, name.size, NAVY));
  }
  const nameWidth = Math.max(...name.lines.map((l) => bold.widthOfTextAtSize(l, name.size)));
  const ruleHalf = Math.min(330, Math.max(160, nameWidth / 2 + 30));
  y -= 16;
  const ruleY = y;
  draws.push((dy) =>
    page.drawLine({
      start: { x: cx - ruleHalf, y: ruleY + dy },
      end: { x: cx + ruleHalf, y: ruleY + dy },
      thickness: 1.2,
      color: TEAL,
    }),
  );
  y -= 27;
  const completedY = y;
  draws.push((dy) => centered(page, "has completed", completedY + dy, regular, 13, MUTED));
  const title = fit(courseTitle, semiBold, 620, [
    { size: 24, maxLines: 1 },
    { size: 21, maxLines: 1 },
    { size: 21, maxLines: 2 },
    { size: 18, maxLines: 2 },
    { size: 15, maxLines: 3 },
  ]);
  y -= 12 + title.size * 0.78;
  for (const [i, line] of title.lines.entries()) {
    if (i > 0) y -= title.size * 1.22;
    const at = y;
    draws.push((dy) => centered(page, line, at + dy, semiBold, title.size, INK));
  }
  y -= 27;
  const schoolY = y;
  const school = schoolName
    ? fit(schoolName, semiBold, 520, [{ size: 13, maxLines: 1 }]).lines[0]
    : "Academy";
  draws.push((dy) =>
    centeredRuns(
      page,
      [
        { text: schoolName ? "offered by " : "offered on ", font: regular, color: MUTED },
        { text: school, font: semiBold, color: NAVY },
      ],
      schoolY + dy,
      13,
    ),
  );
  const blockTop = H - 200;
  const blockBottom = 168;
  const blockHeight = -y;
  const top = Math.min(blockTop, blockBottom + blockHeight + (blockTop - blockBottom - blockHeight) / 2);
  for (const draw of draws) draw(top);

  // Footer, mirrored around the centre: completion date and seal on the left, certificate code
  // (with the verification URL) and its QR code on the right.
  const footY = 94;
  const dateX = 180;
  centered0(page, dates.long, dateX, footY + 14, semiBold, 15, NAVY);
  centered0(page, dates.short, dateX, footY - 1, regular, 10.5, MUTED);
  rule(page, dateX, footY - 12, 85);
  centered0(page, "Date of completion · Ngày hoàn thành", dateX, footY - 26, regular, 8.5, MUTED);

  drawSeal(page, 340, footY + 6, { bold, semiBold }, input.completionDate);

  const idX = W - 340;
  centered0(page, input.id, idX, footY + 8, bold, 16, NAVY);
  rule(page, idX, footY - 12, 85);
  centered0(page, "Certificate ID · Mã chứng nhận", idX, footY - 26, regular, 8.5, MUTED);
  const urlSize = fitSize(input.verifyUrl, regular, 8, 200);
  centered0(page, input.verifyUrl, idX, footY - 40, regular, urlSize, TEAL_DARK);

  const qrSize = 80;
  const qrX = W - 180 - qrSize / 2 + 6;
  const qrY = footY - 26;
  const qrPng = await QRCode.toBuffer(input.verifyUrl, {
    type: "png",
    width: 320,
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#1A237EFF", light: "#FFFFFFFF" },
  });
  const qrImage = await doc.embedPng(new Uint8Array(qrPng));
  page.drawRectangle({
    x: qrX - 4,
    y: qrY - 4,
    width: qrSize + 8,
    height: qrSize + 8,
    color: WHITE,
    borderColor: TEAL,
    borderWidth: 0.8,
  });
  page.drawImage(qrImage, { x: qrX, y: qrY, width: qrSize, height: qrSize });
  centered0(page, "Scan to verify", qrX + qrSize / 2, qrY - 15, regular, 7.5, MUTED);
  centered0(page, "Quét để xác minh", qrX + qrSize / 2, qrY - 24, regular, 7.5, MUTED);

  return doc.save();
}

/** Text centred on x = cx. */
function centered0(
  page: PDFPage,
  text: string,
  cx: number,
  y: number,
  font: PDFFont,
  size: number,
  color: Color,
) {
  page.drawText(text, { x: cx - font.widthOfTextAtSize(text, size) / 2, y, size, font, color });
}

/** A thin navy line of half-length `half` centred on (cx, y), like a signature line. */
function rule(page: PDFPage, cx: number, y: number, half: number) {
  page.drawLine({ start: { x: cx - half, y }, end: { x: cx + half, y }, thickness: 0.8, color: NAVY });
}

/** The largest size ≤ `size` (down to 5 pt) at which one line of `text` fits `maxWidth`. */
function fitSize(text: string, font: PDFFont, size: number, maxWidth: number): number {
  let s = size;
  while (s > 5 && font.widthOfTextAtSize(text, s) > maxWidth) s -= 0.25;
  return s;
}

/** A round navy-and-teal seal with "ACADEMY", "CERTIFIED" and the completion year. */
function drawSeal(
  page: PDFPage,
  x: number,
  y: number,
  fonts: { bold: PDFFont; semiBold: PDFFont },
  completionDate: Date,
) {
  // Ribbon tails behind the seal.
  page.drawSvgPath("M -20 0 L -30 46 L -20 40 L -11 50 L -2 8 Z", { x, y: y - 10, color: TEAL_DARK });
  page.drawSvgPath("M 20 0 L 30 46 L 20 40 L 11 50 L 2 8 Z", { x, y: y - 10, color: TEAL_DARK });
  // Scalloped edge: small circles around the rim.
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * 2 * Math.PI;
    page.drawCircle({ x: x + Math.cos(a) * 40, y: y + Math.sin(a) * 40, size: 4.2, color: TEAL });
  }
  page.drawCircle({ x, y, size: 40, color: TEAL });
  page.drawCircle({ x, y, size: 35, color: NAVY });
  page.drawCircle({ x, y, size: 31, borderColor: TEAL, borderWidth: 0.8 });
  const year = new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: CERTIFICATE_TIME_ZONE }).format(
    completionDate,
  );
  centered0(page, "ACADEMY", x, y + 10, fonts.bold, 7.5, WHITE);
  centered0(page, year, x, y - 5, fonts.bold, 13, WHITE);
  centered0(page, "CERTIFIED", x, y - 16, fonts.semiBold, 6.5, TEAL);
}

/** Embeds a logo; null when its bytes are not a readable PNG/JPEG (the Academy mark is drawn instead). */
async function embedLogo(doc: PDFDocument, logo: { bytes: Uint8Array; kind: "png" | "jpeg" }) {
  try {
    return logo.kind === "png" ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  } catch {
    return null;
  }
}

/** The school's logo (at most 40 pt high, 120 pt wide) and its name beside it, centred on `cx`. */
function drawSchoolMark(
  page: PDFPage,
  image: Awaited<ReturnType<PDFDocument["embedPng"]>>,
  name: string,
  font: PDFFont,
  cx: number,
  y: number,
) {
  const scale = Math.min(40 / image.height, 120 / image.width);
  const w = image.width * scale;
  const h = image.height * scale;
  const label = fit(name, font, 420, [
    { size: 15, maxLines: 1 },
    { size: 12, maxLines: 1 },
  ]);
  const text = label.lines[0] ?? "";
  const textWidth = font.widthOfTextAtSize(text, label.size);
  const total = w + 10 + textWidth;
  const x = cx - total / 2;
  page.drawImage(image, { x, y, width: w, height: h });
  page.drawText(text, {
    x: x + w + 10,
    y: y + h / 2 - label.size * 0.35,
    size: label.size,
    font,
    color: NAVY,
  });
}
