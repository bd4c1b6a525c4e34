import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import { meQueryOptions } from "@/lib/session";
import { sessionsQueryOptions } from "./account";

/** GET /api/account/two-factor: on/off, password needed, required (admin), suggested (creator after a sale). */
export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: ["account", "two-factor"],
  queryFn: () => unwrap(api.account["two-factor"].$get()),
});

/** better-auth's error of a two-factor call: its code (INVALID_CODE, INVALID_PASSWORD, …) and status. */
export interface TwoFactorFailure {
  code?: string;
  status: number;
  message?: string;
}

type Result<T> = { data: T; error: null } | { data: null; error: TwoFactorFailure };

async function client() {
  return (await import("@/lib/auth-client")).authClient;
}

function settle<T>(answer: { data: unknown; error: unknown }): Result<T> {
  if (answer.error) return { data: null, error: answer.error as TwoFactorFailure };
  return { data: answer.data as T, error: null };
}

/**
 * The better-auth two-factor calls of the account page (issue 25 item 6). Each resolves to
 * `{ data }` or `{ error }` (never throws for a refusal) so the card can say what went wrong.
 */
export const twoFactorCalls = {
  /** POST /api/auth/two-factor/enable: a new secret (otpauth URI) and 10 recovery codes; on after `verify`. */
  async enable(password: string) {
    return settle<{ totpURI: string; backupCodes: string[] }>(
      await (await client()).twoFactor.enable({ password }),
    );
  },
  /** POST /api/auth/two-factor/verify-totp with the session: confirms enrolment (swaps the session cookie). */
  async verify(code: string) {
    return settle<unknown>(await (await client()).twoFactor.verifyTotp({ code }));
  },
  /** POST /api/auth/two-factor/generate-backup-codes: 10 new codes; the old ones stop working. */
  async regenerate(password: string) {
    return settle<{ backupCodes: string[] }>(
      await (await client()).twoFactor.generateBackupCodes({ password }),
    );
  },
  /** POST /api/auth/two-factor/disable (password asked). */
  async disable(password: string) {
    return settle<unknown>(await (await client()).twoFactor.disable({ password }));
  },
};

/**
 * After a change: the status and the session list are read again, and the profile
 * (`twoFactorEnabled`, which opens the Admin Panel) unless `profile` is false — after enrolling,
 * the profile waits until the recovery codes were acknowledged, so the gate does not swap the
 * card (and its codes) for the panel too early.
 */
export function useTwoFactorChanged() {
  const queryClient = useQueryClient();
  return ({ profile = true }: { profile?: boolean } = {}) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions.queryKey }),
      profile ? queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }) : undefined,
      queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
    ]);
}

/** The base32 secret of an otpauth URI, in groups of 4 for typing into an authenticator app. */
export function secretFromUri(uri: string): string {
  try {
    const secret = new URL(uri).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})/g, "$1 ").trim();
  } catch {
    return "";
  }
}

/** A PNG data URL of the otpauth URI's QR code (the `qrcode` library, loaded on demand). */
export async function qrDataUrl(uri: string): Promise<string> {
  const QRCode = (await import("qrcode")).default;
  return QRCode.toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: "M" });
}
