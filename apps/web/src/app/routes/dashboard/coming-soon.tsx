import { ConstructionIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** Menu entries whose pages come in later releases (issue 2: a plain page saying so). */
export function Component() {
  const { t } = useTranslation("dashboard");
  return (
    <section className="flex flex-col items-center justify-center gap-4 rounded-xl border border-dashed border-border bg-background px-6 py-16 text-center">
      <title>{`${t("comingSoon.title")} · Academy`}</title>
      <ConstructionIcon className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-semibold">{t("comingSoon.title")}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{t("comingSoon.body")}</p>
      <Button asChild variant="outline">
        <Link to="/dashboard">{t("comingSoon.back")}</Link>
      </Button>
    </section>
  );
}
