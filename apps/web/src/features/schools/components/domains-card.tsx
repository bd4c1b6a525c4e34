import { SCHOOL_LIMITS, type SchoolBranding, type SchoolDomain } from "@academy/shared";
import { CopyIcon, GlobeIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useAddDomain, useRemoveDomain, useVerifyDomain } from "../api/schools";
import { translateSchoolMessage } from "../lib/messages";

/**
 * Custom domains of Branding & Domains (issue 15 §3): add a domain, the two DNS records to create
 * (TXT `_academy.{domain}` with the token, CNAME to the app's host) with copy buttons, the status
 * (pending / verified / failed with the reason), "Check now" and removal with a confirmation.
 */
export function DomainsCard({ branding }: { branding: SchoolBranding }) {
  const { t } = useTranslation("schools");
  const add = useAddDomain();
  const [domain, setDomain] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  // The DNS records a domain another school has claimed needs before it can be added (issue 25 N9).
  const [records, setRecords] = React.useState<string[]>([]);
  const full = branding.domains.length >= SCHOOL_LIMITS.domainsPerSchool;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { addDomainSchema } = await import("@academy/shared/schemas/schools");
    const parsed = addDomainSchema.safeParse({ domain });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "");
      return;
    }
    setError(null);
    setRecords([]);
    try {
      await add.mutateAsync(parsed.data.domain);
      setDomain("");
      toast.success(t("domains.added"));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setError(message);
      if (e instanceof ApiError)
        setRecords(e.issues.filter((i) => i.path === "domain").map((i) => i.message));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("domains.title")}</CardTitle>
        <CardDescription>{t("domains.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="grid gap-1.5" onSubmit={submit} noValidate>
          <Label htmlFor="new-domain">{t("domains.add")}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="new-domain"
              className="min-w-0 flex-1 basis-56"
              placeholder="learn.example.com"
              value={domain}
              maxLength={SCHOOL_LIMITS.domainMax}
              aria-invalid={Boolean(error)}
              onChange={(e) => setDomain(e.target.value)}
              disabled={full}
            />
            <Button type="submit" disabled={add.isPending || full || !domain.trim()}>
              <GlobeIcon aria-hidden />
              {add.isPending ? t("domains.adding") : t("domains.addButton")}
            </Button>
          </div>
          {error ? (
            <div role="alert" className="grid gap-1 text-sm text-destructive">
              <p>{translateSchoolMessage(t, error)}</p>
              {records.length > 0 ? (
                <div className="grid gap-1 text-foreground">
                  <p className="text-xs text-muted-foreground">{t("domains.recordsToCreate")}</p>
                  {records.map((record) => (
                    <code
                      key={record}
                      data-testid="claim-records"
                      className="block break-all rounded bg-muted px-2 py-1 font-mono text-xs"
                    >
                      {record}
                    </code>
                  ))}
                </div>
              ) : null}
            </div>
          ) : (
            <p className="text-xs text-muted-foreground">
              {full ? t("domains.full", { n: SCHOOL_LIMITS.domainsPerSchool }) : t("domains.help")}
            </p>
          )}
        </form>
        {branding.domains.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t("domains.empty")}
          </p>
        ) : (
          <ul className="grid gap-3">
            {branding.domains.map((d) => (
              <DomainRow key={d.id} domain={d} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DomainRow({ domain }: { domain: SchoolDomain }) {
  const { t, i18n } = useTranslation("schools");
  const verify = useVerifyDomain();
  const remove = useRemoveDomain();
  const [confirming, setConfirming] = React.useState(false);
  const status = domain.status;
  const copy = (value: string) =>
    void navigator.clipboard?.writeText(value).then(() => toast.success(t("toast.copied")));

  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="domain-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium break-all">{domain.domain}</span>
          <Badge
            variant={status === "verified" ? "success" : "outline"}
            className={status === "failed" ? "border-destructive text-destructive" : undefined}
          >
            {t(`domains.status.${status}`)}
          </Badge>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={verify.isPending}
            onClick={() =>
              verify.mutate(domain.id, {
                onSuccess: (d) =>
                  d.status === "verified"
                    ? toast.success(t("domains.verified"))
                    : toast.error(t("domains.notYet"), { description: d.failureReason ?? undefined }),
                onError: (e) => toast.error(translateSchoolMessage(t, e.message)),
              })
            }
          >
            <RefreshCwIcon aria-hidden className={verify.isPending ? "animate-spin" : undefined} />
            {verify.isPending ? t("domains.checking") : t("domains.check")}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            <Trash2Icon aria-hidden />
            {t("domains.remove")}
          </Button>
        </div>
      </div>
      {domain.failureReason ? (
        <p className="text-sm text-destructive" role="status">
          {domain.failureReason}
        </p>
      ) : null}
      {domain.lastCheckedAt ? (
        <p className="text-xs text-muted-foreground">
          {t("domains.lastChecked", { date: new Date(domain.lastCheckedAt).toLocaleString(i18n.language) })}
        </p>
      ) : null}
      {status !== "verified" ? (
        <div className="grid gap-2">
          <p className="text-sm">{t("domains.records")}</p>
          <div className="grid gap-2">
            {domain.records.map((r) => (
              <div key={r.type} className="grid gap-1 rounded-md bg-muted p-3 text-sm">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold">{r.type}</span>
                  <span className="text-muted-foreground">{t("domains.name")}</span>
                  <code className="break-all">{r.name}</code>
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-muted-foreground">{t("domains.value")}</span>
                  <code className="min-w-0 break-all">{r.value}</code>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={t("domains.copyValue", { type: r.type })}
                    onClick={() => copy(r.value)}
                  >
                    <CopyIcon aria-hidden />
                  </Button>
                </div>
              </div>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">{t("domains.recheckNote")}</p>
        </div>
      ) : (
        <p className="text-sm">
          {t("domains.live")}{" "}
          <a
            className="underline break-all"
            href={`https://${domain.domain}/`}
            target="_blank"
            rel="noreferrer"
          >
            https://{domain.domain}/
          </a>
        </p>
      )}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("domains.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("domains.confirmBody", { domain: domain.domain })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("domains.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                remove.mutate(domain.id, {
                  onSuccess: () => toast.success(t("domains.removed")),
                  onError: (e) => toast.error(translateSchoolMessage(t, e.message)),
                })
              }
            >
              {t("domains.remove")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}
