import { ShieldCheckIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { authClient } from "@/lib/auth-client";

/** better-auth codes after which the password step must be done again (the challenge is spent). */
const START_AGAIN = new Set(["TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", "INVALID_TWO_FACTOR_COOKIE"]);

/** The `account:twoFactor.errors.*` key of a refused code (better-auth's code or the HTTP status). */
export function codeErrorKey(error: { code?: string; status: number }, recovery: boolean): string {
  if (error.code === "INVALID_CODE") return "wrongCode";
  if (error.code === "INVALID_BACKUP_CODE") return "wrongRecoveryCode";
  if (error.code && START_AGAIN.has(error.code)) return "startAgain";
  if (error.code === "ACCOUNT_TEMPORARILY_LOCKED") return "locked";
  if (error.status === 429) return "rateLimited";
  if (error.status === 401) return recovery ? "wrongRecoveryCode" : "wrongCode";
  return "failed";
}

/**
 * The code step of sign-in (issue 25 item 6), shown after the password when the account has
 * two-factor sign-in on: a 6-digit code from the authenticator app, or one recovery code; "trust
 * this device" skips the step here for 30 days. A spent challenge (5 wrong codes, 10 minutes)
 * sends the person back to the password.
 */
export function TwoFactorStep({ onVerified, onBack }: { onVerified: () => void; onBack: () => void }) {
  const { t } = useTranslation("auth");
  const { t: ta } = useTranslation("account");
  const [recovery, setRecovery] = React.useState(false);
  const [code, setCode] = React.useState("");
  const [trust, setTrust] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [spent, setSpent] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = recovery ? code.trim() : code.replace(/\s/g, "");
    if (recovery ? value.length < 6 : !/^\d{6}$/.test(value)) {
      setError(ta(recovery ? "twoFactor.errors.wrongRecoveryCode" : "twoFactor.errors.codeFormat"));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const answer = recovery
      ? await authClient.twoFactor.verifyBackupCode({ code: value, trustDevice: trust })
      : await authClient.twoFactor.verifyTotp({ code: value, trustDevice: trust });
    setBusy(false);
    if (answer.error) {
      const key = codeErrorKey(answer.error, recovery);
      setSpent(key === "startAgain" || key === "locked");
      setError(ta(`twoFactor.errors.${key}`));
      inputRef.current?.select();
      return;
    }
    onVerified();
  };

  const toggle = () => {
    setRecovery((r) => !r);
    setCode("");
    setError(null);
    inputRef.current?.focus();
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="two-factor-step">
      <div className="grid gap-1">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <ShieldCheckIcon className="size-5 text-primary" aria-hidden />
          {t("twoFactor.title")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {recovery ? t("twoFactor.recoveryHint") : t("twoFactor.totpHint")}
        </p>
      </div>
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {error}
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="two-factor-sign-in-code">
          {recovery ? t("twoFactor.recoveryCode") : t("twoFactor.code")}
        </Label>
        <Input
          ref={inputRef}
          id="two-factor-sign-in-code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          maxLength={recovery ? 32 : 7}
          className="font-mono tracking-widest"
          value={code}
          aria-invalid={Boolean(error)}
          disabled={spent}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="two-factor-trust" checked={trust} onCheckedChange={(v) => setTrust(v === true)} />
        <Label htmlFor="two-factor-trust" className="font-normal">
          {t("twoFactor.trustDevice")}
        </Label>
      </div>
      {spent ? (
        <Button type="button" size="lg" onClick={onBack}>
          {t("twoFactor.back")}
        </Button>
      ) : (
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t("twoFactor.verifying") : t("twoFactor.verify")}
        </Button>
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={toggle}
          data-testid="two-factor-toggle"
        >
          {recovery ? t("twoFactor.useApp") : t("twoFactor.useRecovery")}
        </button>
        <button
          type="button"
          className="text-muted-foreground underline-offset-4 hover:underline"
          onClick={onBack}
        >
          {t("twoFactor.back")}
        </button>
      </div>
    </form>
  );
}
