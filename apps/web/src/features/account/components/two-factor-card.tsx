import { useQuery } from "@tanstack/react-query";
import { CopyIcon, DownloadIcon, ShieldCheckIcon, ShieldIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { PasswordInput } from "@/components/form/password-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { copyText } from "@/lib/clipboard";
import { saveBlob } from "@/lib/download";
import {
  qrDataUrl,
  secretFromUri,
  type TwoFactorFailure,
  twoFactorCalls,
  twoFactorStatusQueryOptions,
  useTwoFactorChanged,
} from "../api/two-factor";

type PasswordAction = "enable" | "regenerate" | "disable";
type Step =
  | { kind: "idle" }
  | { kind: "password"; action: PasswordAction }
  | { kind: "scan"; uri: string; qr: string | null; codes: string[] }
  | { kind: "codes"; codes: string[]; fresh: boolean };

/** The translation key of a refused two-factor call (better-auth's code or the HTTP status). */
export function twoFactorErrorKey(error: TwoFactorFailure): string {
  if (error.code === "INVALID_PASSWORD" || error.code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
    return "wrongPassword";
  if (error.code === "INVALID_CODE") return "wrongCode";
  if (error.code === "INVALID_BACKUP_CODE") return "wrongRecoveryCode";
  if (error.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || error.code === "INVALID_TWO_FACTOR_COOKIE")
    return "startAgain";
  if (error.code === "ACCOUNT_TEMPORARILY_LOCKED") return "locked";
  if (error.status === 429) return "rateLimited";
  return "failed";
}

/** The recovery codes as a text file: one per line, with a heading naming the site. */
function downloadCodes(codes: string[], heading: string): void {
  const blob = new Blob([`${heading}\n\n${codes.join("\n")}\n`], { type: "text/plain;charset=utf-8" });
  saveBlob(blob, "academy-recovery-codes.txt");
}

/** The 10 recovery codes, shown once, with copy and download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("account");
  return (
    <div className="grid gap-3" data-testid="recovery-codes">
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
        {t("twoFactor.codesOnce")}
      </p>
      <ul className="grid grid-cols-1 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm min-[360px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code" className="break-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={async () =>
            (await copyText(codes.join("\n")))
              ? toast.success(t("twoFactor.copied"))
              : toast.error(t("twoFactor.copyFailed"))
          }
        >
          <CopyIcon aria-hidden /> {t("twoFactor.copy")}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => downloadCodes(codes, t("twoFactor.fileHeading"))}
        >
          <DownloadIcon aria-hidden /> {t("twoFactor.download")}
        </Button>
        <Button type="button" onClick={onDone} data-testid="codes-saved">
          {t("twoFactor.saved")}
        </Button>
      </div>
    </div>
  );
}

/** Asks the account's password before enabling, making new codes or turning 2FA off. */
function PasswordStep({
  action,
  onCancel,
  onDone,
}: {
  action: PasswordAction;
  onCancel: () => void;
  onDone: (step: Step) => void;
}) {
  const { t } = useTranslation("account");
  const changed = useTwoFactorChanged();
  const [password, setPassword] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t("twoFactor.errors.passwordRequired"));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      if (action === "enable") {
        const { data, error: failure } = await twoFactorCalls.enable(password);
        if (failure) return setError(t(`twoFactor.errors.${twoFactorErrorKey(failure)}`));
        const qr = await qrDataUrl(data.totpURI).catch(() => null);
        onDone({ kind: "scan", uri: data.totpURI, qr, codes: data.backupCodes });
      } else if (action === "regenerate") {
        const { data, error: failure } = await twoFactorCalls.regenerate(password);
        if (failure) return setError(t(`twoFactor.errors.${twoFactorErrorKey(failure)}`));
        onDone({ kind: "codes", codes: data.backupCodes, fresh: false });
      } else {
        const { error: failure } = await twoFactorCalls.disable(password);
        if (failure) return setError(t(`twoFactor.errors.${twoFactorErrorKey(failure)}`));
        await changed();
        toast.success(t("twoFactor.turnedOff"));
        onDone({ kind: "idle" });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" data-testid="two-factor-password">
      <p className="text-sm text-muted-foreground">{t(`twoFactor.passwordFor.${action}`)}</p>
      <Field id="two-factor-password" label={t("twoFactor.password")} error={error}>
        <PasswordInput
          id="two-factor-password"
          autoComplete="current-password"
          value={password}
          aria-invalid={Boolean(error)}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} variant={action === "disable" ? "destructive" : "default"}>
          {t(`twoFactor.confirm.${action}`)}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          {t("twoFactor.cancel")}
        </Button>
      </div>
    </form>
  );
}

/** Scan the QR code (or type the secret), then a code from the app turns 2FA on. */
function ScanStep({
  step,
  onCancel,
  onDone,
}: {
  step: Extract<Step, { kind: "scan" }>;
  onCancel: () => void;
  onDone: (step: Step) => void;
}) {
  const { t } = useTranslation("account");
  const changed = useTwoFactorChanged();
  const [code, setCode] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);
  const secret = secretFromUri(step.uri);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setError(t("twoFactor.errors.codeFormat"));
      return;
    }
    setBusy(true);
    setError(undefined);
    const { error: failure } = await twoFactorCalls.verify(digits);
    setBusy(false);
    if (failure) return setError(t(`twoFactor.errors.${twoFactorErrorKey(failure)}`));
    await changed({ profile: false });
    toast.success(t("twoFactor.turnedOn"));
    onDone({ kind: "codes", codes: step.codes, fresh: true });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="two-factor-scan">
      <ol className="grid list-decimal gap-1 ps-5 text-sm">
        <li>{t("twoFactor.scanStep1")}</li>
        <li>{t("twoFactor.scanStep2")}</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        {step.qr ? (
          <img
            src={step.qr}
            alt={t("twoFactor.qrAlt")}
            width={176}
            height={176}
            className="size-44 shrink-0 rounded-md border bg-white p-1"
            data-testid="two-factor-qr"
          />
        ) : null}
        <div className="grid min-w-0 gap-1 text-sm">
          <p className="text-muted-foreground">{t("twoFactor.secretLabel")}</p>
          <code className="break-all rounded bg-muted px-2 py-1 font-mono" data-testid="two-factor-secret">
            {secret}
          </code>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={async () =>
              (await copyText(secret.replace(/\s/g, "")))
                ? toast.success(t("twoFactor.copied"))
                : toast.error(t("twoFactor.copyFailed"))
            }
          >
            <CopyIcon aria-hidden /> {t("twoFactor.copySecret")}
          </Button>
        </div>
      </div>
      <Field id="two-factor-code" label={t("twoFactor.code")} error={error}>
        <Input
          id="two-factor-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          className="max-w-40 font-mono tracking-widest"
          value={code}
          aria-invalid={Boolean(error)}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} data-testid="two-factor-verify">
          {t("twoFactor.verify")}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          {t("twoFactor.cancel")}
        </Button>
      </div>
    </form>
  );
}

/**
 * Account settings' "Two-factor authentication" card (issue 25 item 6): turn on with the password,
 * scan the otpauth QR code (or type the secret) and confirm with a code; the 10 recovery codes are
 * shown once with copy and download; new codes and turning off ask for the password again.
 * A Google-only account has no password and is told to add one first.
 * @param onEnabled called after 2FA is confirmed on and the codes were acknowledged.
 */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const { t } = useTranslation("account");
  const status = useQuery(twoFactorStatusQueryOptions);
  const changed = useTwoFactorChanged();
  const [step, setStep] = React.useState<Step>({ kind: "idle" });
  const idle = () => setStep({ kind: "idle" });
  const enabled = status.data?.enabled === true;

  let body: React.ReactNode;
  if (status.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (status.isError) body = <p className="text-sm text-destructive">{t("twoFactor.errors.failed")}</p>;
  else if (step.kind === "password")
    body = <PasswordStep action={step.action} onCancel={idle} onDone={setStep} />;
  else if (step.kind === "scan") body = <ScanStep step={step} onCancel={idle} onDone={setStep} />;
  else if (step.kind === "codes")
    body = (
      <RecoveryCodes
        codes={step.codes}
        onDone={() => {
          idle();
          if (step.fresh) {
            void changed();
            onEnabled?.();
          }
        }}
      />
    );
  else if (!status.data.hasPassword)
    body = <p className="text-sm text-muted-foreground">{t("twoFactor.noPassword")}</p>;
  else if (enabled)
    body = (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setStep({ kind: "password", action: "regenerate" })}>
          {t("twoFactor.regenerate")}
        </Button>
        <Button
          variant="outline"
          className="text-destructive"
          onClick={() => setStep({ kind: "password", action: "disable" })}
          data-testid="two-factor-disable"
        >
          {t("twoFactor.turnOff")}
        </Button>
      </div>
    );
  else
    body = (
      <Button
        className="justify-self-start"
        onClick={() => setStep({ kind: "password", action: "enable" })}
        data-testid="two-factor-enable"
      >
        {t("twoFactor.turnOn")}
      </Button>
    );

  return (
    <Card id="two-factor" data-testid="two-factor-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {enabled ? (
            <ShieldCheckIcon className="size-5 text-emerald-600" aria-hidden />
          ) : (
            <ShieldIcon className="size-5 text-muted-foreground" aria-hidden />
          )}
          {t("twoFactor.title")}
          {status.data ? (
            <Badge variant={enabled ? "secondary" : "outline"} data-testid="two-factor-state">
              {enabled ? t("twoFactor.on") : t("twoFactor.off")}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>{t("twoFactor.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.data?.required && !enabled ? (
          <p
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            role="status"
          >
            {t("twoFactor.requiredForAdmin")}
          </p>
        ) : null}
        {body}
      </CardContent>
    </Card>
  );
}
