import { ERROR_STATUS, type ErrorBody, type ErrorCode, type ErrorIssue, errorReason } from "@academy/shared";

/**
 * The one error type services throw (DESIGN.md §3.5). The app's error handler turns it into
 * `{ error: { code, message, issues? } }` with the status mapped from `code`.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

/** True when a database error is a unique-key violation (SQLSTATE 23505), on pg and PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current === "object" && (current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The JSON body of an error answer: `{ error: { code, message, reason?, issues? } }`. `reason` is
 * the stable name of the English `message` that clients translate (issue 17 §6, decision 0203);
 * it is left out for a text outside the catalogue. Issues are passed as they are (each issue's
 * message is a catalogued text too, found with `errorReason`).
 */
export function errorBody(code: ErrorCode, message: string, issues?: ErrorIssue[]): ErrorBody {
  const reason = errorReason(message);
  return { error: { code, message, ...(reason ? { reason } : {}), ...(issues ? { issues } : {}) } };
}
