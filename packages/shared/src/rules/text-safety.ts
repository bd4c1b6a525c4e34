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

/** Most levels of `[`/`{` nesting a JSON request body may have (issue 25 N16). */
export const JSON_MAX_DEPTH = 100;

/** The message of a JSON body nested deeper than JSON_MAX_DEPTH (400 VALIDATION_FAILED). */
export const JSON_TOO_DEEP_MESSAGE = "The request is nested too deeply.";

/**
 * True when JSON text nests arrays and objects more than `max` levels deep (default
 * JSON_MAX_DEPTH), counted on the raw text without parsing it (brackets inside strings do not
 * count), so a 5,000-level body is refused before any recursive code (validation, stringify)
 * could overflow the stack (issue 25 N16).
 */
export function jsonTooDeep(text: string, max: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > max) return true;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return false;
}
