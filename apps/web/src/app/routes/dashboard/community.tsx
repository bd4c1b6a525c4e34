import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { meQueryOptions } from "@/features/auth/api/session";
import { CommunityPanel } from "@/features/messaging/components/community-panel";

/** /dashboard/community — Community & Messages (spec 000 §2 Messaging panel; issue 6). */
export function Component() {
  const { t } = useTranslation("messaging");
  const me = useQuery(meQueryOptions);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get("conversation");
  const select = React.useCallback(
    (id: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set("conversation", id);
          else next.delete("conversation");
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );
  const creator = me.data ? me.data.role !== "student" : false;
  return (
    <>
      <title>{`${t("title")} · Academy`}</title>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 text-muted-foreground">{creator ? t("subtitleCreator") : t("subtitleStudent")}</p>
      </div>
      {me.isPending ? (
        <div className="flex h-[600px] items-center justify-center">
          <Spinner label={t("loading")} />
        </div>
      ) : !me.data ? (
        <p role="alert" className="rounded-lg border border-border bg-background p-6 text-center text-sm">
          {t("loginRequired")}
        </p>
      ) : (
        <CommunityPanel myId={me.data.userId} selectedId={selectedId} onSelect={select} creator={creator} />
      )}
    </>
  );
}
