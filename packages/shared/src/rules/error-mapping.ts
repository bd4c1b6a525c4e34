/**
 * Generic error mapping (spec 001 §8 "Generic error mapping (by message content)").
 *
 * Maps a raw error message to the text a user sees. The rows are checked in the spec's order and
 * matched case-insensitively on the message content. Where the spec gives no exact text
 * ("exact text not shown") Academy's own wording is used. Returns a message key and the English
 * text; the web client translates the key.
 */
export type MappedErrorKey =
  | "network"
  | "sessionExpired"
  | "forbidden"
  | "notFound"
  | "timeout"
  | "validation"
  | "duplicate"
  | "rowLevelSecurity"
  | "json"
  | "unexpected";

export const MAPPED_ERROR_TEXT: Record<MappedErrorKey, string> = {
  network: "Network error. Please check your internet connection and try again.",
  sessionExpired: "Your session has expired. Please sign in again.",
  forbidden: "You don't have permission to do that.",
  notFound: "The requested resource was not found.",
  timeout: "The request timed out",
  validation: "Please check your input and try again.",
  duplicate: "This item already exists. Please use a different name.",
  rowLevelSecurity: "You don't have permission to access this data.",
  json: "Invalid data format",
  unexpected: "An unexpected error occurred. Please try again.",
};

const RULES: ReadonlyArray<[MappedErrorKey, RegExp]> = [
  ["network", /network|fetch/i],
  ["sessionExpired", /unauthorized|401/i],
  ["forbidden", /forbidden|403/i],
  ["notFound", /not found|404/i],
  ["timeout", /timeout/i],
  ["validation", /validation|invalid/i],
  ["duplicate", /duplicate/i],
  ["rowLevelSecurity", /row level security|row-level security/i],
  ["json", /json/i],
];

/** Returns the key of the first spec row whose words occur in `message`, else "unexpected". */
export function mapErrorMessage(message: string | null | undefined): MappedErrorKey {
  const text = message ?? "";
  for (const [key, pattern] of RULES) if (pattern.test(text)) return key;
  return "unexpected";
}

/** True for errors that error reporting drops (spec 001 §8: network errors are not reported). */
export function isNetworkError(message: string | null | undefined): boolean {
  return mapErrorMessage(message) === "network";
}
