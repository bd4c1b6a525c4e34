import { BarChart3Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

/** An empty chart or list: says what will appear here. */
export function EmptyState({ text }: { text: string }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-md border border-dashed border-border px-4 py-8 text-center">
      <BarChart3Icon className="size-8 text-muted-foreground" aria-hidden />
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

/** The spec's load failure (001 §8 'Failed to load analytics data. Please try again.') with a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("analytics");
  return (
    <div
      className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border p-8 text-center"
      role="alert"
      data-testid="analytics-error"
    >
      <p className="font-medium">{t("loadFailed")}</p>
      <Button variant="outline" onClick={onRetry}>
        {t("retry")}
      </Button>
    </div>
  );
}
