import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPercent } from "@/lib/format";
import { partnersQueryOptions, useEarningsActions } from "../api/payments";
import { money } from "./checkout-page";

/**
 * Referral partners with sales, commission and what is owed (refunds net out, issue 23 §7); "Mark
 * commission paid" (issue 11 §5).
 */
export function Partners() {
  const { t, i18n } = useTranslation("payments");
  const lng = i18n.language;
  const partners = useQuery(partnersQueryOptions);
  const actions = useEarningsActions();
  const [name, setName] = React.useState("");
  const [code, setCode] = React.useState("");
  const [pct, setPct] = React.useState("10");
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t("partners.title")}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("partners.hint")}</p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form
          className="grid gap-2 sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            actions.createPartner.mutate(
              { name: name.trim(), code: code.trim(), commissionPercent: Number(pct) },
              {
                onSuccess: () => {
                  toast.success(t("partners.created"));
                  setName("");
                  setCode("");
                },
                onError: (error) => toast.error(error.message),
              },
            );
          }}
        >
          <Input
            aria-label={t("partners.name")}
            placeholder={t("partners.name")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={200}
            data-testid="partner-name"
          />
          <Input
            aria-label={t("partners.code")}
            placeholder={t("partners.code")}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            maxLength={32}
            data-testid="partner-code"
          />
          <Input
            aria-label={t("partners.commission")}
            type="number"
            min={0}
            max={100}
            value={pct}
            onChange={(e) => setPct(e.target.value)}
            required
          />
          <Button
            type="submit"
            className="sm:col-span-3"
            disabled={actions.createPartner.isPending}
            data-testid="partner-create"
          >
            {t("partners.add")}
          </Button>
        </form>
        {partners.data?.partners.length ? (
          <ul className="grid gap-2">
            {partners.data.partners.map((p) => {
              const owed = p.totals.filter((x) => x.owed > 0);
              return (
                <li
                  key={p.id}
                  className="grid gap-1 rounded-md border border-border p-2 text-sm"
                  data-testid={`partner-${p.code}`}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p>
                      <span className="font-semibold">{p.name}</span> ·{" "}
                      <span className="font-mono">{p.code}</span> · {formatPercent(p.commissionPercent, lng)}
                    </p>
                    {owed.length > 0 ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() =>
                          actions.markPaid.mutate(p.id, {
                            onSuccess: () => toast.success(t("partners.paid")),
                          })
                        }
                      >
                        {t("partners.markPaid")}
                      </Button>
                    ) : null}
                  </div>
                  {p.totals.length === 0 ? (
                    <p className="text-xs text-muted-foreground">{t("partners.noSales")}</p>
                  ) : (
                    p.totals.map((x) => (
                      <p key={x.currency} className="text-xs text-muted-foreground">
                        {t("partners.totals", {
                          count: x.orders,
                          orders: x.orders,
                          sales: money(x.sales, x.currency, lng),
                          commission: money(x.commission, x.currency, lng),
                          owed: money(x.owed, x.currency, lng),
                        })}
                      </p>
                    ))
                  )}
                </li>
              );
            })}
          </ul>
        ) : partners.isPending ? (
          <Skeleton className="h-10" />
        ) : (
          <p className="text-sm text-muted-foreground">{t("partners.empty")}</p>
        )}
      </CardContent>
    </Card>
  );
}
