import { LockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";

/** Dashboard paths that are creators' screens (issue 17 item 8): courses, builders, landing pages, students. */
const CREATOR_PATHS = [
  /^\/dashboard\/courses(\/|$)/,
  /^\/dashboard\/course-builder(\/|$)/,
  /^\/dashboard\/landing-pages(\/|$)/,
  /^\/dashboard\/students(\/|$)/,
];

/** True when `pathname` is a creator-only dashboard screen that a student must not be shown. */
export function isCreatorOnlyPath(pathname: string): boolean {
  return CREATOR_PATHS.some((pattern) => pattern.test(pathname));
}

/**
 * What a student sees on a creator-only screen (issue 17 item 8): a clear "creators only" page
 * with the way back, instead of a creator screen whose calls all fail (the server refuses them).
 */
export function CreatorsOnly() {
  const { t } = useTranslation("journeys");
  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-border bg-background px-6 py-12 text-center"
      data-testid="creators-only"
    >
      <PageTitle>{t("creatorsOnly.title")}</PageTitle>
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-brand">
        <LockIcon className="size-6" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold">{t("creatorsOnly.title")}</h1>
      <p className="text-sm text-muted-foreground">{t("creatorsOnly.body")}</p>
      <Button asChild>
        <Link to="/dashboard">{t("creatorsOnly.back")}</Link>
      </Button>
    </section>
  );
}
