import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openJson, sealJson } from "./secret-box.ts";

describe("secret box (AES-256-GCM)", () => {
  const key = randomBytes(32);
  it("seals to ciphertext without the plain text and opens it again", () => {
    const sealed = sealJson(key, { secretKey: "s3cr3t-value" });
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("s3cr3t");
    expect(sealJson(key, { secretKey: "s3cr3t-value" })).not.toBe(sealed);
    expect(openJson(key, sealed)).toEqual({ secretKey: "s3cr3t-value" });
  });
  it("refuses another key and altered ciphertext", () => {
    const sealed = sealJson(key, { a: 1 });
    expect(() => openJson(randomBytes(32), sealed)).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => openJson(key, parts.join("."))).toThrow();
  });
});
