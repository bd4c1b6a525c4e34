import type { AppType } from "@academy/server/app";
import { type ErrorIssue, isErrorBody, MAPPED_ERROR_TEXT, mapErrorMessage } from "@academy/shared";
import { type ClientResponse, hc } from "hono/client";
import i18next from "i18next";

/** The body type of a typed-client response's success statuses (2xx; 204 gives undefined). */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F>
    ? S extends 200 | 201 | 202
      ? T
      : S extends 204
        ? undefined
        : never
    : never;

/**
 * English message → reason, for texts that arrive without one (client-side checks with the shared
 * schemas, better-auth's messages). The catalogue imports every message set, and with them zod, so
 * it is fetched after start-up instead of weighing on the entry (issue 17 §14); server errors carry
 * their `reason` and need it not.
 */
let reasonOfText: (message: string) => string | undefined = () => undefined;
export const errorReasonsReady: Promise<void> = import("@academy/shared/error-reasons").then(
  (module) => {
    reasonOfText = module.errorReason;
  },
  () => undefined,
);
const errorReason = (message: string) => reasonOfText(message);

/**
 * The text of an API error in the UI language (issue 17 §6, decision 0203): the `errors:<reason>`
 * translation when the catalogue has one, else the server's message as sent (English for texts
 * outside the catalogue, e.g. size limits with numbers).
 * @param reason the body's `error.reason`; when absent, the reason of the English `message` if known.
 */
export function localizeApiMessage(message: string, reason?: string): string {
  const known = reason ?? errorReason(message);
  if (!known || !i18next.isInitialized) return message;
  const key = `errors:${known}`;
  return i18next.exists(key) ? i18next.t(key) : message;
}

/**
 * An API failure: HTTP status, the server's error code, its reason and the message in the UI
 * language (`serverMessage` keeps the server's English text).
 */
export class ApiError extends Error {
  readonly serverMessage: string;
  readonly reason: string | undefined;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    reason?: string,
    /** The server's field-level details (`error.issues`), e.g. the DNS records a domain claim needs. */
    readonly issues: ErrorIssue[] = [],
  ) {
    super(localizeApiMessage(message, reason));
    this.name = "ApiError";
    this.serverMessage = message;
    this.reason = reason ?? errorReason(message);
  }
}

/** Hono's typed client over the Academy API (DESIGN.md §3.6). Call it only from features/*\/api. */
export const api = hc<AppType>("/api", { init: { credentials: "same-origin" } });

/**
 * Resolves a typed-client response to its JSON body.
 * @throws ApiError with the server's message, or the generic mapping (spec 001 §8) for network failures.
 */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  promise: Promise<R>,
): Promise<SuccessBody<R>> {
  type T = SuccessBody<R>;
  let response: { ok: boolean; status: number; json(): Promise<unknown> };
  try {
    response = await promise;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, "NETWORK", MAPPED_ERROR_TEXT[mapErrorMessage(`network ${message}`)]);
  }
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
  const body = await response.json().catch(() => null);
  if (isErrorBody(body))
    throw new ApiError(
      response.status,
      String(body.error.code),
      body.error.message,
      body.error.reason,
      body.error.issues ?? [],
    );
  throw new ApiError(response.status, "UNKNOWN", MAPPED_ERROR_TEXT[mapErrorMessage(String(response.status))]);
}
