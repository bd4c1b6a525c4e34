import { AUTH_MESSAGES, type SignUpInput, signUpSchema } from "@academy/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { LockIcon, MailCheckIcon } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { PasswordInput } from "@/components/form/password-input";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { localizeApiMessage } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";
import { ResendVerification } from "./resend-verification";

/**
 * Sign Up tab (spec 000 §2 /auth, §5, §8 Sign-up): full name, e-mail, password. Success shows
 * "Account created!" and asks the user to verify their e-mail; a registered address shows
 * "Account exists".
 */
export function SignUpForm({
  callbackURL,
  onSwitchToSignIn,
  asStudent = false,
  lockedEmail,
}: {
  callbackURL: string;
  onSwitchToSignIn: (email: string) => void;
  /** True when the account is made to learn (from a course's /join page): the profile becomes a student. */
  asStudent?: boolean;
  /** The invited address (issue 5): prefilled and read-only. */
  lockedEmail?: string;
}) {
  const { t } = useTranslation("auth");
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: "", email: lockedEmail ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    const { error } = await authClient.signUp.email({
      name: values.name.trim(),
      email,
      password: values.password,
      callbackURL,
      ...(asStudent ? { signupRole: "student" } : {}),
      // issue 12: days and streaks are counted in the browser's time zone (editable on My Analytics).
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    } as Parameters<typeof authClient.signUp.email>[0]);
    if (error) {
      if (
        error.code === "USER_ALREADY_EXISTS" ||
        /already registered|already exists/i.test(error.message ?? "")
      ) {
        toast.error(t("toast.accountExists.title"), { description: t("toast.accountExists.description") });
      } else if (
        error.message === AUTH_MESSAGES.passwordCommon ||
        error.message === AUTH_MESSAGES.passwordWeak
      ) {
        // The server's strength check (issue 25 item 5, finding #14): shown under the password.
        form.setError("password", { message: localizeApiMessage(error.message) }, { shouldFocus: true });
      } else if (error.status === 429) {
        toast.error(t("toast.rateLimited.title"), { description: t("toast.rateLimited.description") });
      } else {
        toast.error(t("toast.signUpFailed"), {
          description: error.message ? localizeApiMessage(error.message) : undefined,
        });
      }
      return;
    }
    toast.success(t("toast.accountCreated.title"), { description: t("toast.accountCreated.description") });
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <div className="grid gap-4 text-center" data-testid="verify-panel">
        <MailCheckIcon className="mx-auto size-10 text-accent-teal" aria-hidden />
        <h2 className="text-lg font-semibold">{t("verify.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("verify.body", { email: sentTo })}</p>
        <ResendVerification email={sentTo} callbackURL={callbackURL} />
        <Button variant="outline" onClick={() => onSwitchToSignIn(sentTo)}>
          {t("verify.goToSignIn")}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="signup-name" label={t("fields.fullName")} error={errors.name?.message}>
        <Input
          id="signup-name"
          autoComplete="name"
          aria-invalid={Boolean(errors.name)}
          {...form.register("name")}
        />
      </Field>
      <Field id="signup-email" label={t("fields.email")} error={errors.email?.message}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={Boolean(errors.email)}
          readOnly={Boolean(lockedEmail)}
          aria-describedby={lockedEmail ? "signup-email-locked" : undefined}
          className={lockedEmail ? "bg-muted text-muted-foreground" : undefined}
          {...form.register("email")}
        />
        {lockedEmail ? (
          <p id="signup-email-locked" className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <LockIcon className="size-3" aria-hidden />
            {t("invitation.emailLocked")}
          </p>
        ) : null}
      </Field>
      <Field id="signup-password" label={t("fields.password")} error={errors.password?.message}>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          {...form.register("password")}
        />
      </Field>
      <p className="-mt-2 text-xs text-muted-foreground">{t("passwordHint")}</p>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t("creatingAccount") : t("createAccount")}
      </Button>
    </form>
  );
}
