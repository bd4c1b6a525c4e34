import { useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/page-title";
import { Spinner } from "@/components/ui/spinner";
import { TwoFactorCard } from "@/features/account/components/two-factor-card";
import { AdminPanel } from "@/features/admin/components/admin-panel";
import { meQueryOptions } from "@/features/auth/api/session";

/**
 * /dashboard/admin — the Admin Panel, for platform admins only (decision 0140; the server checks too).
 * An admin without two-factor sign-in gets the enrol screen instead (issue 25 item 6: the admin API
 * answers 403 TWO_FACTOR_REQUIRED until it is on); the panel opens once it is.
 */
export function Component() {
  const { t } = useTranslation("admin");
  const me = useQuery(meQueryOptions);
  return (
    <>
      <PageTitle>{t("title")}</PageTitle>
      {me.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label={i18next.t("common:loading")} />
        </div>
      ) : me.data?.role === "admin" && !me.data.twoFactorEnabled ? (
        <div className="mx-auto grid w-full max-w-3xl gap-6" data-testid="admin-two-factor-gate">
          <div className="grid gap-1">
            <h1 className="text-2xl font-bold tracking-tight">{t("twoFactorGate.title")}</h1>
            <p className="text-sm text-muted-foreground">{t("twoFactorGate.text")}</p>
          </div>
          <TwoFactorCard />
        </div>
      ) : me.data?.role === "admin" ? (
        <AdminPanel myId={me.data.userId} />
      ) : (
        <p role="alert" className="rounded-lg border bg-background p-6 text-center">
          {t("forbidden")}
        </p>
      )}
    </>
  );
}
