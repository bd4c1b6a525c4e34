/**
 * Error codes shared by the server and the web client, with the HTTP status each maps to.
 * The server throws `AppError(code, message)`; its error handler answers
 * `{ error: { code, message, issues? } }` with `ERROR_STATUS[code]` (DESIGN.md §3.5).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** A platform admin without two-factor sign-in asked for an admin route (issue 25 item 6). */
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One field-level problem found by validation: `path` is the dotted field name ("" for the whole body). */
export interface ErrorIssue {
  path: string;
  message: string;
}

/** The JSON body of every error response of the Academy API. */
export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; reason?: string; issues?: ErrorIssue[] };
}

/** True when `value` has the shape of an Academy API error body. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { message?: unknown }).message === "string"
  );
}
