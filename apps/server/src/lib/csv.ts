import Papa from "papaparse";

/**
 * CSV text of `rows` (RFC 4180, CRLF line ends) for every CSV the app exports, with spreadsheet
 * formula injection defused (issue 16 item 7; OWASP "CSV Injection"): a text cell beginning with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` and quoted (papaparse
 * `escapeFormulae`), so a course title like `=HYPERLINK(…)` opens as text, not as a formula.
 * Numbers are written as they are (a negative number stays a number).
 * @param rows one array of cells per line; `header` (optional) is written first.
 * @returns the lines without a trailing line break (callers add the BOM and the final CRLF).
 */
export function toCsv(rows: unknown[][], header?: readonly string[]): string {
  return Papa.unparse(header ? [[...header], ...rows] : rows, { escapeFormulae: true, newline: "\r\n" });
}
