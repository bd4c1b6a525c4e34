import { REFERRAL_KEEP_DAYS } from "@academy/shared";

const REF_KEY = "academy.ref";

/** Remembers `?ref=CODE` for REFERRAL_KEEP_DAYS days (issue 11 §5). */
export function rememberReferral(code: string | null): void {
  if (!code || !/^[A-Za-z0-9_-]{3,32}$/.test(code)) return;
  try {
    localStorage.setItem(
      REF_KEY,
      JSON.stringify({ code, until: Date.now() + REFERRAL_KEEP_DAYS * 86_400_000 }),
    );
  } catch {
    // storage refused: the referral is simply not kept
  }
}

/** The remembered referral code while it is fresh, else undefined. */
export function rememberedReferral(): string | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(REF_KEY) ?? "null") as {
      code: string;
      until: number;
    } | null;
    return saved && saved.until > Date.now() ? saved.code : undefined;
  } catch {
    return undefined;
  }
}
