import type { AppType } from "@academy/server/app";
import { isErrorBody, MAPPED_ERROR_TEXT, mapErrorMessage } from "@academy/shared";
import { type ClientResponse, hc } from "hono/client";

/** The body type of a typed-client response's success statuses (2xx; 204 gives undefined). */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F>
    ? S extends 200 | 201 | 202
      ? T
      : S extends 204
        ? undefined
        : never
    : never;

/** An API failure: HTTP status, the server's error code and its readable message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
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
  if (isErrorBody(body)) throw new ApiError(response.status, String(body.error.code), body.error.message);
  throw new ApiError(response.status, "UNKNOWN", MAPPED_ERROR_TEXT[mapErrorMessage(String(response.status))]);
}
