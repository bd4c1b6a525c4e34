import { randomBytes } from "node:crypto";
import { type CspDirectives, cspHeaderValue } from "./security-headers.ts";

/**
 * Per-response script nonces (issue 25 item 7, decision 0223). The app's pages allow scripts from
 * 'self' and, for an HTML page the server writes, the `<script>` tags it carries with this
 * response's nonce — never 'unsafe-inline'.
 */

/** Random bytes drawn 4 KiB at a time: one CSPRNG call serves 256 nonces (each used once). */
const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 256;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A fresh nonce: 16 random bytes (from a pool filled by `randomBytes`, never handed out twice),
 * base64 (24 characters). One `randomBytes(16)` per page answer was ~6 % of the server's CPU at
 * 13,000 pages a second.
 */
export function newNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

/**
 * `render(nonce)` gives `make(nonce)` for any nonce, having called `make` once: `make`'s output is
 * split where the nonce goes, so each answer only joins the parts (the same text as calling
 * `make(nonce)`, without its regular expressions and string building on every request).
 */
export function nonceTemplate(make: (nonce: string) => string): (nonce: string) => string {
  const parts = nonceParts(make);
  return (nonce) => parts.join(nonce);
}

/** `make`'s output split where the nonce goes (`parts.join(nonce)` is `make(nonce)`). */
export function nonceParts(make: (nonce: string) => string): string[] {
  const marker = "\u0000nonce\u0000";
  return make(marker).split(marker);
}

/**
 * `html` with `nonce="<nonce>"` on every `<script` start tag that has none, except data blocks
 * (`type="application/ld+json"` and other JSON types: never run, so the policy does not apply).
 * The nonce is base64, so it needs no escaping in the attribute.
 */
export function stampNonce(html: string, nonce: string): string {
  return html.replace(
    /<script(?![^>]*\snonce=)(?![^>]*\stype=["']?application\/(?:ld\+)?json)(?=[\s>])/gi,
    `<script nonce="${nonce}"`,
  );
}

/** The Content-Security-Policy value of `directives` with `'nonce-<nonce>'` added to script-src. */
export function cspWithNonce(directives: CspDirectives, nonce: string): string {
  return cspHeaderValue({
    ...directives,
    "script-src": [...(directives["script-src"] ?? ["'self'"]), `'nonce-${nonce}'`],
  });
}
