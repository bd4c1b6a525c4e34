import { zxcvbn, zxcvbnOptions } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

/**
 * Breached-common passwords (issue 16 item 14; OWASP ASVS 5.0 V6.2.4): the ~49,000 passwords most
 * seen in public breaches, from zxcvbn-ts's common dictionary, compared case-insensitively.
 * Loaded once, on first use.
 */
let commonSet: Set<string> | undefined;

/** True when `password` (case-insensitive, spaces at the ends ignored) is a breached-common password. */
export function isCommonPassword(password: string): boolean {
  commonSet ??= new Set(common.dictionary.passwords.map((p) => p.toLowerCase()));
  return commonSet.has(password.trim().toLowerCase());
}

/** Least zxcvbn score (0–4) a new password must reach (issue 25 item 5, security finding #14). */
export const MIN_PASSWORD_SCORE = 2;

let configured = false;

/**
 * The zxcvbn-ts score (0 "too guessable" … 4 "very unguessable") of `password`, with the common and
 * English dictionaries and keyboard graphs, and `userInputs` (the person's e-mail, its local part
 * and name) as extra dictionary words. The dictionaries (~2 MB) are loaded on first use, on the
 * server only: the browser never downloads them. Only the first 128 characters are scored
 * (PASSWORD_MAX), which keeps a call within a few milliseconds.
 */
export function passwordScore(password: string, userInputs: readonly string[] = []): number {
  if (!configured) {
    zxcvbnOptions.setOptions({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
      translations: en.translations,
    });
    configured = true;
  }
  const inputs = userInputs.flatMap((v) => {
    const value = v.trim().toLowerCase();
    if (!value) return [];
    const local = value.includes("@") ? value.slice(0, value.indexOf("@")) : "";
    return local ? [value, local, ...value.split(/\s+/)] : value.split(/\s+/).concat(value);
  });
  return zxcvbn(password.slice(0, 128), inputs).score;
}

/**
 * True when `password` is too weak for a new password: its zxcvbn score is below
 * MIN_PASSWORD_SCORE (2). Refuses `aaaaaaaa`, `12345678`, `password`, `qwertyui`, `abcd1234` and
 * the like (sign-up, reset and change password; the server answers AUTH_MESSAGES.passwordWeak).
 */
export function isWeakPassword(password: string, userInputs: readonly string[] = []): boolean {
  return passwordScore(password, userInputs) < MIN_PASSWORD_SCORE;
}
