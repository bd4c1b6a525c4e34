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

/** POST JSON with a time limit; the parsed answer or an Error (network, timeout, non-JSON). */
export async function postJson(url: string, body: unknown, timeoutMs = 10_000): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json; charset=UTF-8" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`provider answered ${response.status} without JSON`);
  }
}
