import type { SecurityEvent } from "@academy/shared";
import i18next from "i18next";
import { ShieldAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { deviceName } from "@/lib/device-name";
import { formatDateTime } from "@/lib/format";

/**
 * One security event (issue 25 item 7) as a list row: its label in the UI language (the action name
 * as sent when the app has no label for it), the device and network of a sign-in, the names of the
 * changed fields, the time, and the account's e-mail when `showEmail` (Admin Panel).
 */
export function SecurityEventRow({
  event,
  showEmail = false,
}: {
  event: SecurityEvent;
  showEmail?: boolean;
}) {
  const { t } = useTranslation("common");
  const key = `securityEvents.actions.${event.action}`;
  const label = i18next.exists(`common:${key}`) ? t(key) : event.action;
  // Payment methods by name, not key (issue 24 §5).
  const methodName = (type: string) => t(`payments:methods.${type}`, { defaultValue: type });
  const fields = [
    ...((event.details.changedFields as string[] | undefined) ?? []),
    ...((event.details.replacedProtectedFields as string[] | undefined) ?? []),
    ...((event.details.added as string[] | undefined) ?? []).map((type) => `+${methodName(type)}`),
    ...((event.details.removed as string[] | undefined) ?? []).map((type) => `−${methodName(type)}`),
    ...((event.details.toggled as string[] | undefined) ?? []).map(methodName),
  ];
  const device = event.action.startsWith("sign_in.")
    ? (deviceName(event.userAgent) ?? t("securityEvents.unknownDevice"))
    : null;
  return (
    <li className="flex min-w-0 gap-3 rounded-lg border bg-background p-3 text-sm" data-action={event.action}>
      <ShieldAlertIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">{label}</span>
          <span className="ml-auto text-xs text-muted-foreground">
            {formatDateTime(event.createdAt, i18next.language)}
          </span>
        </div>
        {showEmail && event.email ? (
          <span className="break-all text-muted-foreground">{event.email}</span>
        ) : null}
        {device || event.ip ? (
          <span className="break-words text-xs text-muted-foreground">
            {[device, event.ip ? t("securityEvents.network", { ip: event.ip }) : null]
              .filter(Boolean)
              .join(" · ")}
          </span>
        ) : null}
        {fields.length ? (
          <span className="break-words text-xs text-muted-foreground">
            {t("securityEvents.changed", { fields: fields.join(", ") })}
          </span>
        ) : null}
      </div>
    </li>
  );
}
