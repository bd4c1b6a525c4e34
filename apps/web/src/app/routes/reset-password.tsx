import { AUTH_MESSAGES, newPasswordSchema } from "@academy/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { Field } from "@/components/form/field";
import { PasswordInput } from "@/components/form/password-input";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { AuthShell } from "@/features/account/components/auth-shell";
import { localizeApiMessage } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";
import { safeRedirect } from "@/lib/redirect";
import { meQueryOptions } from "@/lib/session";

const formSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });
type FormValues = z.infer<typeof formSchema>;

/**
 * /reset-password?token=…[&verify=1][&next=/path] (issue 16 item 5): choose a new password with the
 * one-time token from the e-mail; every session of the account ends; then the person is signed in
 * with the new password and continues to `next` (or the dashboard). `verify=1` is the "finish your
 * account" case (a contested sign-up): choosing the password also verifies the address.
 */
export function Component() {
  const { t } = useTranslation("account");
  const { t: tAuth } = useTranslation("auth");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const verify = params.get("verify") === "1";
  const next = safeRedirect(params.get("next"));
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const { data, error } = await authClient.resetPassword({ token, newPassword: values.newPassword });
    if (error) {
      if (error.status === 400 && error.code === "VALIDATION_FAILED" && error.message) {
        form.setError("newPassword", { message: localizeApiMessage(error.message) });
      } else {
        form.setError("root", { message: t("reset.invalid") });
      }
      return;
    }
    // The server adds the account's address so the form can sign in with the new password.
    const body = data as { email?: string } | null;
    if (body?.email) {
      const { error } = await authClient.signIn.email({ email: body.email, password: values.newPassword });
      if (!error) {
        queryClient.removeQueries({ queryKey: meQueryOptions.queryKey });
        toast.success(t("reset.done"));
        navigate(next, { replace: true });
        return;
      }
    }
    navigate("/auth?tab=signin", { replace: true });
  });

  return (
    <AuthShell
      title={verify ? t("reset.verifyTitle") : t("reset.title")}
      subtitle={verify ? t("reset.verifySubtitle") : t("reset.subtitle")}
    >
      <PageTitle>{t("reset.pageTitle")}</PageTitle>
      {token ? (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id="reset-new" label={t("reset.newPassword")} error={errors.newPassword?.message}>
            <PasswordInput
              id="reset-new"
              autoComplete="new-password"
              aria-invalid={Boolean(errors.newPassword)}
              {...form.register("newPassword")}
            />
          </Field>
          <Field
            id="reset-confirm"
            label={t("reset.confirmPassword")}
            error={errors.confirmPassword?.message}
          >
            <PasswordInput
              id="reset-confirm"
              autoComplete="new-password"
              aria-invalid={Boolean(errors.confirmPassword)}
              {...form.register("confirmPassword")}
            />
          </Field>
          {errors.root ? (
            <div
              role="alert"
              className="grid gap-1 rounded-md bg-destructive/10 p-3 text-sm text-destructive"
            >
              <p>{errors.root.message}</p>
              <Link to="/forgot-password" className="font-medium underline">
                {t("reset.askAgain")}
              </Link>
            </div>
          ) : null}
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? t("reset.saving") : t("reset.submit")}
          </Button>
        </form>
      ) : (
        <div role="alert" className="grid gap-2 text-center text-sm">
          <p>{t("reset.missingToken")}</p>
          <Link to="/forgot-password" className="font-medium text-primary underline">
            {t("reset.askAgain")}
          </Link>
        </div>
      )}
      <Link
        to="/auth?tab=signin"
        className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {tAuth("tabs.signIn")}
      </Link>
    </AuthShell>
  );
}
