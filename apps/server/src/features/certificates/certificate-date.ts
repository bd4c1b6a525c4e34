// Certificate dates, apart from pdf.ts so the HTTP routes can format them without loading pdf-lib
// and fontkit on the server's main thread (issue 17 §12: start-up time).

/**
 * Time zone of the dates printed on certificates: the platform's home (profiles.time_zone default),
 * so a course finished late in the evening in Vietnam is not dated the next day.
 */
export const CERTIFICATE_TIME_ZONE = "Asia/Ho_Chi_Minh";

/** The completion date as printed: `{ long: "21 November 2026", short: "21/11/2026" }`. */
export function formatCertificateDate(date: Date): { long: string; short: string } {
  const long = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: CERTIFICATE_TIME_ZONE,
  }).format(date);
  const short = new Intl.DateTimeFormat("en-GB", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: CERTIFICATE_TIME_ZONE,
  }).format(date);
  return { long, short };
}
