import { useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/page-title";
import { Spinner } from "@/components/ui/spinner";
import { AdminPanel } from "@/features/admin/components/admin-panel";
import { meQueryOptions } from "@/features/auth/api/session";

/** /dashboard/admin — the Admin Panel, for platform admins only (decision 0140; the server checks too). */
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
