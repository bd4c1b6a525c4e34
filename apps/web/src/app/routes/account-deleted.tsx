import { CircleCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { AuthShell } from "@/features/account/components/auth-shell";

/**
 * /account-deleted (issue 23 item 8, ux N16): where a person lands after deleting their account —
 * it confirms the deletion and what stays (orders, anonymised, with their seller).
 */
export function Component() {
  const { t } = useTranslation("account");
  return (
    <AuthShell title={t("deleted.title")}>
      <PageTitle>{t("deleted.pageTitle")}</PageTitle>
      <div role="status" data-testid="account-deleted" className="grid gap-4 text-sm">
        <p className="flex items-start gap-2">
          <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
          <span>{t("deleted.text")}</span>
        </p>
        <Button asChild className="w-full">
          <Link to="/">{t("deleted.home")}</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
