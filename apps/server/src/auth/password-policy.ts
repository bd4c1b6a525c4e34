import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * Breached-common passwords (issue 16 item 14; OWASP ASVS 5.0 V6.2.4): the ~49,000 passwords most
 * seen in public breaches, from zxcvbn-ts's common dictionary, compared case-insensitively.
 * Loaded once, on first use.
 */
let common: Set<string> | undefined;

/** True when `password` (case-insensitive, spaces at the ends ignored) is a breached-common password. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary.passwords.map((p) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}
