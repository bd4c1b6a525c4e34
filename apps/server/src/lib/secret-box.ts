import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Secrets at rest (DESIGN.md §5, decision 0071): AES-256-GCM with a random 12-byte IV per value.
 * Stored form: `v1.<iv base64url>.<tag base64url>.<ciphertext base64url>`.
 */
export function sealJson(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return [
    "v1",
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

/**
 * Opens a value sealed by `sealJson`.
 * @throws Error when the value was not sealed with this key or was altered.
 */
export function openJson<T>(key: Buffer, sealed: string): T {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Unknown sealed-value format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const text = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
    "utf8",
  );
  return JSON.parse(text) as T;
}
