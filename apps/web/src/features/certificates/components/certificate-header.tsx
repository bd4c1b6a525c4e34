import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BrandMark } from "@/components/layout/brand";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { usePlatformName } from "@/lib/platform";

/** The public header of /certificates/{id}: the brand (home) and the language switch. */
export function CertificateHeader() {
  const { t } = useTranslation("certificates");
  const platform = usePlatformName();
  return (
    <header className="border-b border-border/80 bg-white">
      <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" aria-label={t("header.home", { platform })} className="rounded-md text-brand">
          <BrandMark />
        </Link>
        <LanguageSwitch />
      </div>
    </header>
  );
}
