import { describe, expect, it } from "vitest";
import { cspWithNonce, newNonce, nonceTemplate, stampNonce } from "./csp.ts";
import { APP_CSP } from "./security-headers.ts";

describe("page nonces", () => {
  it("are 16 random bytes in base64, never handed out twice across pool refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const nonce = newNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });

  it("a template gives exactly what building the text for that nonce gives", () => {
    const html =
      '<!doctype html><script type="module" src="/a.js"></script><script type="application/ld+json">{}</script><script>1</script>';
    const page = nonceTemplate((nonce) => stampNonce(html, nonce));
    const policy = nonceTemplate((nonce) => cspWithNonce(APP_CSP, nonce));
    for (const nonce of [newNonce(), newNonce()]) {
      expect(page(nonce)).toBe(stampNonce(html, nonce));
      expect(policy(nonce)).toBe(cspWithNonce(APP_CSP, nonce));
      expect(page(nonce).split(`nonce="${nonce}"`)).toHaveLength(3);
    }
  });
});
