import type { Certificate } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { DownloadIcon, RefreshCwIcon, SearchXIcon, ShieldCheckIcon, TriangleAlertIcon } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ApiError } from "@/lib/api-client";
import { certificateQueryOptions } from "../api/certificates";
import { CertificateHeader } from "./certificate-header";
import { CertificateSkeleton } from "./certificate-skeleton";
import { CopyLink } from "./copy-link";

const LOCALE_TAG: Record<string, string> = { en: "en-US", vi: "vi-VN" };

/** A certificate date in words, in the UI language ("June 3, 2025" / "3 tháng 6, 2025"). */
export function certificateDate(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAG[lng] ?? lng, { dateStyle: "long" }).format(new Date(iso));
}

/**
 * /certificates/{id} — public certificate verification (issue 4): "This certificate is valid" with
 * who completed which course, offered by which school, and when; the certificate ID, Download PDF
 * and a copyable verification link. An unknown id says so plainly, with a link home.
 */
export function CertificatePage({ id }: { id: string }) {
  const { t } = useTranslation("certificates");
  const query = useQuery(certificateQueryOptions(id));
  const unknown = query.error instanceof ApiError && query.error.status === 404;

  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-slate-50 to-slate-100">
      <PageTitle>
        {query.data
          ? t("pageTitle", { name: query.data.studentName, course: query.data.courseTitle })
          : unknown
            ? t("notFound.pageTitle")
            : t("loadingTitle")}
      </PageTitle>
      <CertificateHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        {query.data ? (
          <ValidCertificate certificate={query.data} />
        ) : unknown ? (
          <UnknownCertificate id={id} />
        ) : query.isError ? (
          <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center" role="alert">
            <TriangleAlertIcon className="size-10 text-amber-500" aria-hidden />
            <h1 className="text-xl font-semibold">{t("error.title")}</h1>
            <p className="text-sm text-muted-foreground">
              {query.error instanceof ApiError && query.error.code === "NETWORK"
                ? t("common:errors.network")
                : t("common:errors.unexpected")}
            </p>
            <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RefreshCwIcon aria-hidden />
              {t("error.retry")}
            </Button>
          </Card>
        ) : (
          <CertificateSkeleton />
        )}
      </main>
      <footer className="py-6 text-center text-xs text-muted-foreground">{t("footer")}</footer>
    </div>
  );
}

function ValidCertificate({ certificate }: { certificate: Certificate }) {
  const { t, i18n } = useTranslation("certificates");
  const lng = i18n.language;
  const completed = certificateDate(certificate.completionDate, lng);
  return (
    <div className="grid gap-6" data-testid="certificate-valid">
      <div
        className="flex items-start gap-4 rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950"
        role="status"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
          <ShieldCheckIcon className="size-6" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t("valid.title")}</h1>
          <p className="text-sm text-emerald-900/80">{t("valid.subtitle")}</p>
        </div>
      </div>

      <Card className="relative overflow-hidden p-2 shadow-lg shadow-brand/10">
        <div className="rounded-md border-2 border-double border-brand/25 px-5 py-8 text-center sm:px-10 sm:py-12">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-teal-700">
            {t("document.kicker")}
          </p>
          <p className="mt-5 text-sm text-muted-foreground">{t("document.certifies")}</p>
          <p
            className="mt-2 font-serif text-3xl font-semibold text-balance text-brand sm:text-4xl"
            data-testid="student-name"
          >
            {certificate.studentName}
          </p>
          <p className="mt-4 text-sm text-muted-foreground">{t("document.completed")}</p>
          <p className="mt-2 text-xl font-bold text-balance sm:text-2xl" data-testid="course-title">
            {certificate.courseTitle}
          </p>
          {certificate.schoolName ? (
            <p className="mt-3 text-sm text-slate-700" data-testid="school-line">
              <Trans
                t={t}
                i18nKey="document.offeredBy"
                values={{ school: certificate.schoolName }}
                components={{ b: <span className="font-semibold text-foreground" /> }}
              />
            </p>
          ) : null}
          <p className="mt-1 text-sm text-slate-700" data-testid="completion-line">
            <Trans
              t={t}
              i18nKey="document.on"
              values={{ date: completed }}
              components={{
                time: (
                  <time dateTime={certificate.completionDate} className="font-semibold text-foreground" />
                ),
              }}
            />
          </p>
        </div>
      </Card>

      <Card className="grid gap-5 p-5 sm:p-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="grid gap-1">
            <dt className="text-muted-foreground">{t("details.id")}</dt>
            <dd className="font-mono text-base font-semibold tracking-wider" data-testid="certificate-id">
              {certificate.id}
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground">{t("details.completed")}</dt>
            <dd className="font-medium">{completed}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground">{t("details.student")}</dt>
            <dd className="font-medium">{certificate.studentName}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground">{t("details.issued")}</dt>
            <dd className="font-medium">{certificateDate(certificate.issuedAt, lng)}</dd>
          </div>
        </dl>
        <div className="grid gap-4 border-t border-border pt-5">
          <Button asChild size="lg" className="w-full sm:w-fit">
            <a href={certificate.pdfUrl} download>
              <DownloadIcon aria-hidden />
              {t("valid.download")}
            </a>
          </Button>
          <CopyLink url={certificate.verifyUrl} />
        </div>
      </Card>
    </div>
  );
}

function UnknownCertificate({ id }: { id: string }) {
  const { t } = useTranslation("certificates");
  return (
    <Card
      className="flex flex-col items-center gap-4 px-6 py-12 text-center sm:px-12"
      data-testid="certificate-unknown"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchXIcon className="size-7" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="max-w-md text-balance text-slate-700" data-testid="unknown-body">
        <Trans
          t={t}
          i18nKey="notFound.body"
          values={{ id }}
          components={{ id: <span className="break-all font-mono font-semibold text-foreground" /> }}
        />
      </p>
      <p className="max-w-md text-sm text-muted-foreground">
        {t("notFound.server")} {t("notFound.hint")}
      </p>
      <Button asChild className="mt-2">
        <Link to="/">{t("notFound.home")}</Link>
      </Button>
    </Card>
  );
}
