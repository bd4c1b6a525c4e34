import { randomBytes } from "node:crypto";
import { type CspDirectives, cspHeaderValue } from "./security-headers.ts";

/**
 * Per-response script nonces (issue 25 item 7, decision 0223). The app's pages allow scripts from
 * 'self' and, for an HTML page the server writes, the `<script>` tags it carries with this
 * response's nonce — never 'unsafe-inline'.
 */

/** A fresh nonce: 16 random bytes, base64 (24 characters). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
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
