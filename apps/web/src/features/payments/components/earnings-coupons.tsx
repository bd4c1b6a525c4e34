import { useQuery } from "@tanstack/react-query";
import { Trash2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPercent } from "@/lib/format";
import { couponsQueryOptions, useEarningsActions } from "../api/payments";
import { money } from "./checkout-page";
import { selectClass } from "./earnings-ui";

/** The creator's coupons: add, list with redemptions, delete (issue 11 §5). */
export function Coupons() {
  const { t, i18n } = useTranslation("payments");
  const lng = i18n.language;
  const coupons = useQuery(couponsQueryOptions);
  const actions = useEarningsActions();
  const [code, setCode] = React.useState("");
  const [kind, setKind] = React.useState<"percent" | "fixed">("percent");
  const [value, setValue] = React.useState("10");
  const [limit, setLimit] = React.useState("");
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t("coupons.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form
          className="grid gap-2 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            actions.createCoupon.mutate(
              {
                code: code.trim(),
                kind,
                value: Number(value),
                currency: kind === "fixed" ? "VND" : null,
                maxRedemptions: limit ? Number(limit) : null,
              },
              {
                onSuccess: () => {
                  toast.success(t("coupons.created"));
                  setCode("");
                },
                onError: (error) => toast.error(error.message),
              },
            );
          }}
        >
          <Input
            aria-label={t("coupons.code")}
            placeholder={t("coupons.code")}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            maxLength={32}
            data-testid="coupon-code"
          />
          <select
            className={selectClass}
            value={kind}
            onChange={(e) => setKind(e.target.value as "percent" | "fixed")}
            aria-label={t("coupons.kind")}
          >
            <option value="percent">{t("coupons.percent")}</option>
            <option value="fixed">{t("coupons.fixed")}</option>
          </select>
          <Input
            aria-label={t("coupons.value")}
            type="number"
            min={1}
            max={kind === "percent" ? 100 : undefined}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
            data-testid="coupon-value"
          />
          <Input
            aria-label={t("coupons.limit")}
            placeholder={t("coupons.limit")}
            type="number"
            min={1}
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
          />
          <Button
            type="submit"
            className="sm:col-span-2"
            disabled={actions.createCoupon.isPending}
            data-testid="coupon-create"
          >
            {t("coupons.add")}
          </Button>
        </form>
        {coupons.data?.coupons.length ? (
          <ul className="grid gap-2">
            {coupons.data.coupons.map((c) => (
              <li
                key={c.id}
                className="flex items-center justify-between gap-2 rounded-md border border-border p-2 text-sm"
                data-testid={`coupon-${c.code}`}
              >
                <div className="min-w-0">
                  <p className="font-mono font-semibold">{c.code}</p>
                  <p className="text-xs text-muted-foreground">
                    {c.kind === "percent"
                      ? formatPercent(c.value, lng)
                      : money(c.value, c.currency ?? "VND", lng)}{" "}
                    · {t("coupons.used", { used: c.redemptionCount, limit: c.maxRedemptions ?? "∞" })}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t("coupons.delete", { code: c.code })}
                  onClick={() =>
                    actions.deleteCoupon.mutate(c.id, { onError: (error) => toast.error(error.message) })
                  }
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : coupons.isPending ? (
          <Skeleton className="h-10" />
        ) : (
          <p className="text-sm text-muted-foreground">{t("coupons.empty")}</p>
        )}
      </CardContent>
    </Card>
  );
}
