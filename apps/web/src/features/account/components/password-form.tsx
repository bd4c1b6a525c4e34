import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { PasswordInput } from "@/components/form/password-input";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { localizeApiMessage } from "@/lib/api-client";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { sessionsQueryOptions } from "../api/account";

interface FormValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The shared change-password rules plus the confirmation, loaded with zod when first validating
 * (issue 17 §14: the account page loads without zod).
 */
const formResolver = lazyZodResolver<FormValues>(() =>
  import("@academy/shared/schemas/auth").then((module) => module.changePasswordFormSchema),
);

/** The Password card: change the password (the server signs every other device out). */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    resolver: formResolver,
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    // The better-auth client (~11 KB gzip) loads on submit, not with the page (issue 17 §14).
    const { authClient } = await import("@/lib/auth-client");
    const { error } = await authClient.changePassword({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
      revokeOtherSessions: true,
    });
    if (error) {
      if (error.code === "INVALID_PASSWORD")
        form.setError("currentPassword", { message: t("password.wrongCurrent") });
      else if (error.code === "VALIDATION_FAILED" && error.message)
        form.setError("newPassword", { message: localizeApiMessage(error.message) });
      else
        toast.error(t("password.failed"), {
          description: error.message ? localizeApiMessage(error.message) : undefined,
        });
      return;
    }
    form.reset();
    toast.success(t("password.changed"));
    void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("password.title")}</CardTitle>
        <CardDescription>{t("password.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        {hasPassword ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="password-form">
            <Field
              id="password-current"
              label={t("password.current")}
              error={errors.currentPassword?.message}
            >
              <PasswordInput
                id="password-current"
                autoComplete="current-password"
                {...form.register("currentPassword")}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="password-new" label={t("password.new")} error={errors.newPassword?.message}>
                <PasswordInput
                  id="password-new"
                  autoComplete="new-password"
                  {...form.register("newPassword")}
                />
              </Field>
              <Field
                id="password-confirm"
                label={t("password.confirm")}
                error={errors.confirmPassword?.message}
              >
                <PasswordInput
                  id="password-confirm"
                  autoComplete="new-password"
                  {...form.register("confirmPassword")}
                />
              </Field>
            </div>
            <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
              {isSubmitting ? t("password.saving") : t("password.submit")}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">{t("password.none")}</p>
        )}
      </CardContent>
    </Card>
  );
}
