import { DEFAULT_SUPPORT_EMAIL, type PlatformSettingsInput } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { OptionsSelect } from "@/components/form/options-select";
import { LoadingState } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { errorText } from "@/lib/utils";
import { platformSettingsQueryOptions, useSaveSettings } from "../api/admin";

/** Admin Panel: the platform settings form (issue 14). */
export function SettingsTab() {
  const { t } = useTranslation("admin");
  const settings = useQuery(platformSettingsQueryOptions);
  const save = useSaveSettings();
  const [form, setForm] = React.useState<PlatformSettingsInput | null>(null);
  React.useEffect(() => {
    if (settings.data && !form) setForm(settings.data);
  }, [settings.data, form]);
  if (!form) return <LoadingState />;
  const field = (key: keyof PlatformSettingsInput) => ({
    id: `settings-${key}`,
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setForm({
        ...form,
        [key]: key === "publicStatsMinimum" ? (e.target as HTMLInputElement).valueAsNumber : e.target.value,
      }),
  });
  return (
    <Card className="max-w-2xl">
      <CardContent className="p-4">
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(form, {
              onSuccess: () => toast.success(t("settings.saved")),
              onError: (err) => toast.error(errorText(err)),
            });
          }}
        >
          <Field id="settings-platformName" label={t("settings.platformName")}>
            <Input {...field("platformName")} maxLength={60} />
          </Field>
          <Field id="settings-supportEmail" label={t("settings.supportEmail")}>
            <Input type="email" {...field("supportEmail")} />
          </Field>
          {settings.data?.supportEmail === DEFAULT_SUPPORT_EMAIL ? (
            <p
              role="status"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="support-email-warning"
            >
              {t("settings.supportEmailPlaceholder")}
            </p>
          ) : null}
          <Field id="settings-securityContact" label={t("settings.securityContact")}>
            <Input
              {...field("securityContact")}
              maxLength={200}
              placeholder="security@example.com"
              aria-describedby="settings-securityContact-hint"
            />
          </Field>
          <p id="settings-securityContact-hint" className="-mt-3 text-xs text-muted-foreground">
            {t("settings.securityContactHint")}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="settings-defaultLanguage" label={t("settings.defaultLanguage")}>
              <NativeSelect {...field("defaultLanguage")}>
                <option value="vi">Tiếng Việt</option>
                <option value="en">English</option>
              </NativeSelect>
            </Field>
            <Field id="settings-signupMode" label={t("settings.signupMode")}>
              <OptionsSelect
                {...field("signupMode")}
                options={["open", "invite-only", "closed"] as const}
                labelOf={(m) => t(`settings.modes.${m}`)}
              />
            </Field>
          </div>
          <Field
            id="settings-publicStatsMinimum"
            label={t("settings.publicStatsMinimum")}
            hint={t("settings.publicStatsHint")}
          >
            <Input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              {...field("publicStatsMinimum")}
              value={Number.isNaN(form.publicStatsMinimum) ? "" : form.publicStatsMinimum}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="settings-liveChatUrl"
              label={t("settings.liveChatUrl")}
              hint={t("settings.liveChatUrlHint")}
            >
              <Input type="url" {...field("liveChatUrl")} maxLength={500} placeholder="https://" />
            </Field>
            <Field id="settings-liveChatHours" label={t("settings.liveChatHours")}>
              <Input {...field("liveChatHours")} maxLength={60} />
            </Field>
          </div>
          <Field id="settings-maintenanceBanner" label={t("settings.maintenanceBanner")}>
            <Textarea
              {...field("maintenanceBanner")}
              maxLength={300}
              placeholder={t("settings.bannerHint")}
            />
          </Field>
          <Button type="submit" className="self-start" disabled={save.isPending}>
            {t("save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
