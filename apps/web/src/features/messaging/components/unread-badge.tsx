import { unreadBadgeLabel } from "@academy/shared";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/** A round unread-count badge ("99+" above 99); nothing when the count is 0. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation("messaging");
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        "inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-[11px] font-bold text-white tabular-nums",
        className,
      )}
      data-testid="unread-badge"
      title={t("unreadCount", { count })}
    >
      <span aria-hidden>{unreadBadgeLabel(count)}</span>
      <span className="sr-only">{t("unreadCount", { count })}</span>
    </span>
  );
}
