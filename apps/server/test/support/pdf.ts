import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of a PDF's first page, its items joined by spaces (pdfjs-dist, no system fonts). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  await doc.destroy();
  return text;
}
