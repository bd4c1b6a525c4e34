import type { Account, AccountSettingsInput } from "@academy/shared";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { setLanguage } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { saveLocale } from "@/lib/session";
import { useSaveAccount } from "../api/account";

/** The shared schema (with zod) the server checks too, loaded on first validation (issue 17 §14). */
const profileResolver = lazyZodResolver<AccountSettingsInput>(() =>
  import("@academy/shared/schemas/account").then((module) => module.accountSettingsSchema),
);

/** Every IANA zone the browser knows, Asia/Ho_Chi_Minh first. */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["Asia/Ho_Chi_Minh", current, ...all, "UTC"])];
}

const SELECT_CLASS =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The Profile card of /dashboard/account: name (≤ 120), photo address, language, time zone. */
export function ProfileForm({ account }: { account: Account }) {
  const { t } = useTranslation("account");
  const save = useSaveAccount();
  const form = useForm<AccountSettingsInput>({
    resolver: profileResolver,
    defaultValues: {
      fullName: account.fullName,
      avatarUrl: account.avatarUrl,
      locale: account.locale,
      timeZone: account.timeZone,
    },
  });
  const { errors } = form.formState;
  const avatar = form.watch("avatarUrl");
  const name = form.watch("fullName");
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, avatarUrl: values.avatarUrl?.trim() ? values.avatarUrl.trim() : null },
      {
        onSuccess: (saved) => {
          toast.success(t("profile.saved"));
          void setLanguage(saved.locale);
          saveLocale(saved.locale);
        },
        onError: (error) => toast.error(t("profile.failed"), { description: error.message }),
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="profile-form">
          <div className="flex items-center gap-4">
            <Avatar name={name || account.email} src={avatar} className="size-16 text-base" />
            <p className="min-w-0 break-words text-sm text-muted-foreground">{account.email}</p>
          </div>
          <Field id="account-name" label={t("profile.fullName")} error={errors.fullName?.message}>
            <Input
              id="account-name"
              autoComplete="name"
              maxLength={120}
              aria-invalid={Boolean(errors.fullName)}
              {...form.register("fullName")}
            />
          </Field>
          <Field id="account-avatar" label={t("profile.avatarUrl")} error={errors.avatarUrl?.message}>
            <Input
              id="account-avatar"
              type="url"
              inputMode="url"
              placeholder="https://"
              aria-invalid={Boolean(errors.avatarUrl)}
              aria-describedby="account-avatar-hint"
              {...form.register("avatarUrl", {
                setValueAs: (v: string | null) => (v?.trim() ? v.trim() : null),
              })}
            />
          </Field>
          <p id="account-avatar-hint" className="-mt-2 text-xs text-muted-foreground">
            {t("profile.avatarHint")}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="account-locale" label={t("profile.language")} error={errors.locale?.message}>
              <select id="account-locale" className={SELECT_CLASS} {...form.register("locale")}>
                <option value="vi">{t("profile.languages.vi")}</option>
                <option value="en">{t("profile.languages.en")}</option>
              </select>
            </Field>
            <Field id="account-timezone" label={t("profile.timeZone")} error={errors.timeZone?.message}>
              <select id="account-timezone" className={SELECT_CLASS} {...form.register("timeZone")}>
                {timeZones(account.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <p className="-mt-2 text-xs text-muted-foreground">
            {t("profile.languageHint")} {t("profile.timeZoneHint")}
          </p>
          <Button type="submit" className="justify-self-start" disabled={save.isPending}>
            {save.isPending ? t("profile.saving") : t("profile.save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
