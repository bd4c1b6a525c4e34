import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";

/** Number of pages for `total` items (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Server-side pagination: Previous / Next and "Page X of Y". Hidden when everything fits on one
 * page. `label` names the list for screen readers ("Course pages"). `more`: the total is a
 * lower bound (a capped count, decision 0193) — "Page X of Y+" and Next stays enabled.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  busy,
  label,
  more = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  busy?: boolean;
  label: string;
  more?: boolean;
}) {
  const { t, i18n } = useTranslation("common");
  const pages = Math.max(pageCount(total, pageSize), more ? page : 1);
  if (pages <= 1) return null;
  const lng = i18n.language;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1 || busy}
        data-testid="page-previous"
      >
        <ChevronLeftIcon aria-hidden />
        <span className="hidden sm:inline">{t("pagination.previous")}</span>
        <span className="sr-only sm:hidden">{t("pagination.previous")}</span>
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="page-status">
        {t(more ? "pagination.pageOfMore" : "pagination.pageOf", {
          page: formatNumber(page, lng),
          pages: formatNumber(pages, lng),
        })}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={(page >= pages && !more) || busy}
        data-testid="page-next"
      >
        <span className="hidden sm:inline">{t("pagination.next")}</span>
        <span className="sr-only sm:hidden">{t("pagination.next")}</span>
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}
