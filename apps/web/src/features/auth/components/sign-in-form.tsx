import { type SignInInput, signInSchema } from "@academy/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { MailWarningIcon } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { PasswordInput } from "@/components/form/password-input";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { localizeApiMessage } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";
import { meQueryOptions } from "../api/session";
import { ResendVerification } from "./resend-verification";
import { TwoFactorStep } from "./two-factor-step";

/**
 * Sign In tab (spec 000 §2 /auth, §5, §8 Sign-in): "Welcome back!" and on to `redirectTo`;
 * "Invalid credentials" for a wrong e-mail or password; an unverified address gets a clear
 * message with a resend button. An account with two-factor sign-in on gets the code step next
 * (issue 25 item 6).
 */
export function SignInForm({
  defaultEmail,
  redirectTo,
  callbackURL,
  onSignedIn,
}: {
  defaultEmail?: string;
  redirectTo: string;
  callbackURL: string;
  onSignedIn: (to: string) => void;
}) {
  const { t } = useTranslation("auth");
  const queryClient = useQueryClient();
  const [unverified, setUnverified] = React.useState<string | null>(null);
  const [codeStep, setCodeStep] = React.useState(false);
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail ?? "", password: "" },
  });
  React.useEffect(() => {
    if (defaultEmail) form.setValue("email", defaultEmail);
  }, [defaultEmail, form]);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverified(null);
    const email = values.email.trim().toLowerCase();
    const { data, error } = await authClient.signIn.email({ email, password: values.password });
    if (error) {
      if (error.code === "EMAIL_NOT_VERIFIED") {
        setUnverified(email);
      } else if (error.code === "INVALID_EMAIL_OR_PASSWORD" || error.status === 401) {
        toast.error(t("toast.invalidCredentials.title"), {
          description: t("toast.invalidCredentials.description"),
        });
      } else if (error.status === 429) {
        toast.error(t("toast.rateLimited.title"), { description: t("toast.rateLimited.description") });
      } else {
        toast.error(t("toast.signInFailed"), {
          description: error.message ? localizeApiMessage(error.message) : undefined,
        });
      }
      return;
    }
    if ((data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
      setCodeStep(true);
      return;
    }
    signedIn();
  });

  function signedIn() {
    toast.success(t("toast.welcomeBack"));
    queryClient.removeQueries({ queryKey: meQueryOptions.queryKey });
    onSignedIn(redirectTo);
  }

  if (codeStep) {
    return (
      <TwoFactorStep
        onVerified={signedIn}
        onBack={() => {
          form.setValue("password", "");
          setCodeStep(false);
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {unverified ? (
        <div
          role="alert"
          className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="unverified"
        >
          <p className="flex items-start gap-2">
            <MailWarningIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{t("unverified", { email: unverified })}</span>
          </p>
          <ResendVerification email={unverified} callbackURL={callbackURL} />
        </div>
      ) : null}
      <Field id="signin-email" label={t("fields.email")} error={errors.email?.message}>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={Boolean(errors.email)}
          {...form.register("email")}
        />
      </Field>
      <Field id="signin-password" label={t("fields.password")} error={errors.password?.message}>
        <PasswordInput
          id="signin-password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          {...form.register("password")}
        />
      </Field>
      <Link
        to="/forgot-password"
        className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
        data-testid="forgot-password"
      >
        {t("forgotPasswordLink")}
      </Link>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t("signingIn") : t("signIn")}
      </Button>
    </form>
  );
}
