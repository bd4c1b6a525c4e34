import {
  emailChoosable,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationType,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { notificationPreferencesQueryOptions, useSaveNotificationPreferences } from "../api/notifications";

/**
 * Account settings › Notifications (issue 27 §2): a table of every notification type × In app /
 * E-mail / Off, one radio group per row, saved as soon as it changes. Types whose e-mail is
 * essential (receipts, refunds, moderation decisions, help replies) cannot be set to e-mail only
 * here — they are always e-mailed — and say so.
 */
export function NotificationPreferencesCard() {
  const { t } = useTranslation("notifications");
  const prefs = useQuery(notificationPreferencesQueryOptions);
  const save = useSaveNotificationPreferences();
  const choose = (type: NotificationType, channel: NotificationChannel) =>
    save.mutate(
      { preferences: [{ type, channel }] },
      {
        onSuccess: () => toast.success(t("prefs.saved")),
        onError: () => toast.error(t("prefs.saveFailed")),
      },
    );
  return (
    <Card id="notifications" className="scroll-mt-20" data-testid="notification-preferences">
      <CardHeader>
        <CardTitle>{t("prefs.title")}</CardTitle>
        <CardDescription>{t("prefs.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.data ? (
          <div className="-mx-2 overflow-x-auto px-2">
            <table className="w-full min-w-[20rem] text-sm">
              <caption className="sr-only">{t("prefs.title")}</caption>
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-2 font-medium">
                    {t("prefs.type")}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <th key={channel} scope="col" className="w-16 px-1 py-2 text-center font-medium sm:w-24">
                      {t(`prefs.${channel}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {prefs.data.preferences.map(({ type, channel: current }) => {
                  const name = t(`types.${type}`);
                  return (
                    <tr
                      key={type}
                      className="border-b border-border last:border-0"
                      data-testid={`pref-${type}`}
                    >
                      <th scope="row" className="py-2.5 pr-2 text-left font-normal">
                        {name}
                        {emailChoosable(type) ? null : (
                          <span className="block text-xs text-muted-foreground">
                            {t("prefs.alwaysEmailed")}
                          </span>
                        )}
                      </th>
                      {NOTIFICATION_CHANNELS.map((channel) => {
                        const disabled = channel === "email" && !emailChoosable(type);
                        return (
                          <td key={channel} className="px-1 py-2.5 text-center">
                            {disabled ? (
                              <span aria-hidden className="text-muted-foreground">
                                —
                              </span>
                            ) : (
                              <input
                                type="radio"
                                name={`notification-${type}`}
                                value={channel}
                                checked={current === channel}
                                onChange={() => choose(type, channel)}
                                disabled={save.isPending}
                                aria-label={t("prefs.choice", { type: name, channel: t(`prefs.${channel}`) })}
                                className="size-4 cursor-pointer accent-[var(--color-brand)]"
                              />
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className="mt-3 text-xs text-muted-foreground">{t("prefs.essentialNote")}</p>
          </div>
        ) : prefs.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {prefs.error.message}
          </p>
        ) : (
          <Skeleton className="h-64 w-full" aria-busy="true" />
        )}
      </CardContent>
    </Card>
  );
}
