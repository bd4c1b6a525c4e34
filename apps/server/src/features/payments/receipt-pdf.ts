import { readFile } from "node:fs/promises";
import fontkit from "@pdf-lib/fontkit";
import { PageSizes, PDFDocument, rgb } from "pdf-lib";
import { BRAND_FONT } from "../../lib/brand-font.ts";

/** Everything a receipt prints, already in the buyer's language (issue 23 §9). */
export interface ReceiptPdfInput {
  title: string;
  /** Label/value pairs in print order (seller, buyer, course, amount, method, reference, dates…). */
  rows: { label: string; value: string }[];
  footer: string;
}

let fonts: Promise<[Uint8Array, Uint8Array]> | undefined;

/**
 * A one-page A4 receipt PDF with the brand font (Vietnamese diacritics embedded), long values
 * wrapped. @returns the PDF bytes.
 */
export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  fonts ??= Promise.all([readFile(BRAND_FONT.files.regular), readFile(BRAND_FONT.files.bold)]);
  const [regularBytes, boldBytes] = await fonts;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(input.title);
  const regular = await doc.embedFont(regularBytes, { subset: true });
  const bold = await doc.embedFont(boldBytes, { subset: true });
  const page = doc.addPage(PageSizes.A4);
  const { width, height } = page.getSize();
  const ink = rgb(0.17, 0.18, 0.23);
  const muted = rgb(0.37, 0.4, 0.46);
  const margin = 56;
  let y = height - margin - 8;
  page.drawText(input.title, { x: margin, y, size: 22, font: bold, color: rgb(0.1, 0.14, 0.49) });
  y -= 36;
  const labelWidth = 150;
  const valueWidth = width - margin * 2 - labelWidth;
  const wrap = (text: string): string[] => {
    const out: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (regular.widthOfTextAtSize(next, 11) <= valueWidth || !line) line = next;
        else {
          out.push(line);
          line = word;
        }
      }
      out.push(line);
    }
    return out;
  };
  for (const row of input.rows) {
    page.drawText(row.label, { x: margin, y, size: 10, font: regular, color: muted });
    for (const line of wrap(row.value)) {
      page.drawText(line, { x: margin + labelWidth, y, size: 11, font: regular, color: ink });
      y -= 16;
    }
    y -= 6;
  }
  y -= 12;
  page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.5, color: muted });
  y -= 20;
  for (const line of wrap(input.footer)) {
    page.drawText(line, { x: margin, y, size: 9, font: regular, color: muted });
    y -= 14;
  }
  return doc.save();
}
