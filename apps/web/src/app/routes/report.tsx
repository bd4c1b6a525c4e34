import { REPORTABLE_TYPES } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2Icon, FlagIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { BrandMark } from "@/components/layout/brand";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ReportContent } from "@/features/admin/components/report-content";
import { safeRedirect } from "@/lib/redirect";
import { meQueryOptions } from "@/lib/session";

type Reportable = (typeof REPORTABLE_TYPES)[number];

/**
 * /report?type={course|landing_page|material}&id={id}&back={path} — the "Report" link of pages the
 * server renders without the web app (the /lp footer, issue 14). Visitors sign in first and come
 * back here; a signed-in user gets the Report dialog at once, then a thank-you with the way back.
 */
export function Component() {
  const { t } = useTranslation("admin");
  const [params] = useSearchParams();
  const location = useLocation();
  const me = useQuery(meQueryOptions);
  const [sent, setSent] = React.useState(false);
  const type = params.get("type") as Reportable | null;
  const id = params.get("id") ?? "";
  const back = safeRedirect(params.get("back"), "/");
  const valid = Boolean(type && (REPORTABLE_TYPES as readonly string[]).includes(type) && id);
  const here = `${location.pathname}${location.search}`;

  let body: React.ReactNode;
  if (!valid) body = <p role="alert">{t("report.invalid")}</p>;
  else if (me.isPending) body = <Spinner label={t("report.pageTitle")} />;
  else if (!me.data)
    body = (
      <>
        <p className="text-sm text-muted-foreground">{t("report.signIn")}</p>
        <Button asChild>
          <Link to={`/auth?tab=signin&redirect=${encodeURIComponent(here)}`}>{t("report.signInAction")}</Link>
        </Button>
      </>
    );
  else if (sent)
    body = (
      <p
        role="status"
        className="flex items-start gap-2 rounded-md bg-emerald-50 p-3 text-sm text-emerald-800"
      >
        <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t("report.thanks")}
      </p>
    );
  else
    body = (
      <>
        <p className="text-sm text-muted-foreground">{t("report.description")}</p>
        <ReportContent
          targetType={type as Reportable}
          targetId={id}
          defaultOpen
          onSent={() => setSent(true)}
          className="self-start"
        />
      </>
    );

  return (
    <div className="flex min-h-svh flex-col bg-muted">
      <PageTitle>{t("report.pageTitle")}</PageTitle>
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="text-brand">
          <BrandMark />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center">
        <Card className="w-full max-w-md">
          <CardHeader>
            <h1 className="flex items-center gap-2 text-xl font-semibold">
              <FlagIcon className="size-5" aria-hidden />
              {valid ? t(`report.titleFor.${type}`) : t("report.pageTitle")}
            </h1>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {body}
            {/* A full page load: /lp pages are rendered by the server, not by this app. */}
            <a href={back} className="text-sm text-brand underline-offset-4 hover:underline">
              {t("report.back")}
            </a>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
