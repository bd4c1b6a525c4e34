/**
 * Text that PostgreSQL cannot store: the NUL character (U+0000) is refused in every text column
 * ("invalid byte sequence for encoding UTF8: 0x00"), so a NUL anywhere in a request must be a 400
 * with a readable message, never a 500 (issue 16 item 10; OWASP ASVS 5.0 V1.2/V2.2 input validation).
 * The server refuses it once, for every route, in the request guard (`lib/request-guards.ts`):
 * path, query and JSON bodies. Forms can use `containsNul` to say the same before sending.
 */
export const NUL_MESSAGE = "Text must not contain NUL characters.";

/** True when `value` contains U+0000. */
export function containsNul(value: string): boolean {
  return value.includes("\u0000");
}

/**
 * True when a URL (path or query, percent-encoded or not) carries a NUL: `%00` or a raw U+0000.
 */
export function urlContainsNul(url: string): boolean {
  return /%00/.test(url) || containsNul(url);
}

/**
 * True when JSON text encodes a NUL inside a string: the escape `\u0000` preceded by an even
 * number of backslashes (so the text `\\u0000`, an escaped backslash, is not a NUL), or a raw
 * U+0000 byte. Works on the raw body without parsing it.
 */
export function jsonContainsNul(text: string): boolean {
  return containsNul(text) || /(?:^|[^\\])(?:\\\\)*\\u0000/i.test(text);
}
