import { AUTH_MESSAGES, changePasswordSchema } from "@academy/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import { Field } from "@/components/form/field";
import { PasswordInput } from "@/components/form/password-input";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { localizeApiMessage } from "@/lib/api-client";
import { sessionsQueryOptions } from "../api/account";

const formSchema = changePasswordSchema
  .pick({ currentPassword: true, newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });
type FormValues = z.infer<typeof formSchema>;

/** The Password card: change the password (the server signs every other device out). */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
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
