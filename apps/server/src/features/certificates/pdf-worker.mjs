// Worker-thread entry of the certificate PDF pool (pdf-renderer.ts, decision 0160). Plain
// JavaScript so it loads in any host (npm start, tsx, vitest): it registers tsx itself in this
// thread, then runs the unchanged renderer of pdf.ts. Piscina calls the default export per task.
import { register } from "tsx/esm/api";

register();
const { renderCertificatePdf } = await import("./pdf.ts");

/** @param {import("./pdf.ts").CertificatePdfInput} input */
export default async function render(input) {
  return renderCertificatePdf(input);
}
