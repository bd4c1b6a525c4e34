/**
 * Password limits and the validation texts of the auth and account forms (spec 000 §5; issue 2
 * passwords): zod-free, so pages that show these texts load without zod (issue 17 §14);
 * schemas/auth.ts validates with them.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The validation texts of the auth forms, by stable key (the web client translates the key). */
export const AUTH_MESSAGES = {
  nameRequired: "Full name is required.",
  nameTooLong: "Full name must be at most 120 characters.",
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Password is required.",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  passwordBlank: "Password must not be blank.",
  passwordCommon: "This password is too common. Please choose a less guessable password.",
  /** issue 25 item 5 (#14): zxcvbn score below 2 (checked on the server). */
  passwordWeak:
    "This password is too easy to guess. Use a few unrelated words or a longer mix of characters.",
  passwordsDiffer: "The passwords do not match.",
  resetTokenInvalid: "This link is invalid or has expired. Please ask for a new one.",
} as const;
export type AuthMessageKey = keyof typeof AUTH_MESSAGES;
