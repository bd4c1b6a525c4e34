import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BrandMark } from "@/components/layout/brand";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";

/** /404 and the catch-all (spec 001 §2): "Oops! Page not found" with a link home. */
export default function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted px-4 text-center">
      <PageTitle>404</PageTitle>
      <BrandMark className="text-brand" />
      <p className="text-7xl font-extrabold text-brand/20">404</p>
      <h1 className="text-2xl font-semibold">{t("notFound.title")}</h1>
      <Button asChild>
        <Link to="/">{t("notFound.home")}</Link>
      </Button>
    </main>
  );
}

export const Component = NotFound;
