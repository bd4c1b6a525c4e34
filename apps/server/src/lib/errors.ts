import { ERROR_STATUS, type ErrorCode, type ErrorIssue } from "@academy/shared";

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
