import { createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 of `data` (UTF-8) with `key`, lower-case hex. */
export function hmacSha256Hex(key: string, data: string): string {
  return createHmac("sha256", key).update(data, "utf8").digest("hex");
}

/** Constant-time comparison of two hex signatures (false for different lengths or non-strings). */
export function signaturesEqual(expected: string, received: unknown): boolean {
  if (typeof received !== "string") return false;
  const a = Buffer.from(expected.toLowerCase(), "utf8");
  const b = Buffer.from(received.toLowerCase(), "utf8");
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

/** A provider call that got no answer in time: the request may still have been processed. */
export class ProviderTimeoutError extends Error {
  constructor(url: string) {
    super(`provider did not answer in time: ${url}`);
    this.name = "ProviderTimeoutError";
  }
}

/**
 * POST JSON with a time limit (milliseconds; MoMo's documented minimum is 30 s).
 * @returns the parsed answer. @throws ProviderTimeoutError on a time-out (the provider may have
 *   acted), Error on a network failure or a non-JSON answer.
 */
export async function postJson(url: string, body: unknown, timeoutMs = 30_000): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json; charset=UTF-8" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
      throw new ProviderTimeoutError(url);
    throw error;
  }
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`provider answered ${response.status} without JSON`);
  }
}
