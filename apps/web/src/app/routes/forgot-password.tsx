import { type RequestPasswordResetInput, requestPasswordResetSchema } from "@academy/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheckIcon } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Field } from "@/components/form/field";
import { FormError } from "@/components/form/form-error";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { AuthShell } from "@/features/account/components/auth-shell";
import { authClient } from "@/lib/auth-client";

/**
 * /forgot-password (issue 16 item 5): asks for the account's e-mail and sends a one-time reset link
 * (1 hour). The answer is the same whether or not the address has an account.
 */
export function Component() {
  const { t } = useTranslation("account");
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const email = values.email.trim().toLowerCase();
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: "/reset-password" });
    if (error) {
      setFailure(error.status === 429 ? t("forgot.rateLimited") : t("forgot.failed"));
      return;
    }
    setSentTo(email);
  });

  return (
    <AuthShell title={t("forgot.title")} subtitle={sentTo ? undefined : t("forgot.subtitle")}>
      <PageTitle>{t("forgot.pageTitle")}</PageTitle>
      {sentTo ? (
        <div
          role="status"
          className="grid gap-3 rounded-md bg-emerald-50 p-4 text-sm text-emerald-900"
          data-testid="reset-sent"
        >
          <p className="flex items-center gap-2 font-semibold">
            <MailCheckIcon className="size-4 shrink-0" aria-hidden />
            {t("forgot.sentTitle")}
          </p>
          <p>{t("forgot.sent", { email: sentTo })}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id="forgot-email" label={t("forgot.email")} error={errors.email?.message}>
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-invalid={Boolean(errors.email)}
              {...form.register("email")}
            />
          </Field>
          <FormError message={failure} />
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? t("forgot.sending") : t("forgot.submit")}
          </Button>
        </form>
      )}
      <Link
        to="/auth?tab=signin"
        className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t("forgot.backToSignIn")}
      </Link>
    </AuthShell>
  );
}
