import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BrandMark } from "@/components/layout/brand";
import { usePlatformName } from "@/lib/platform";
import { NAV_ANCHORS } from "../constants";

/** Footer: brand, short description, links to the sections and /auth, copyright with the current year. */
export function SiteFooter() {
  const { t } = useTranslation("landing");
  const platform = usePlatformName();
  const year = new Date().getFullYear();
  const linkClass = "rounded-sm text-sm text-indigo-200 transition-colors hover:text-white";
  return (
    <footer className="bg-[#0d1250] text-white">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-14 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <BrandMark />
          <p className="mt-4 text-sm leading-relaxed text-indigo-200">{t("footer.description")}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold">
            {t("footer.product")}
          </h2>
          <ul className="mt-4 grid gap-3">
            {NAV_ANCHORS.map((anchor) => (
              <li key={anchor}>
                <a href={`#${anchor}`} className={linkClass}>
                  {t(`nav.${anchor}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-account">
          <h2 id="footer-account" className="text-sm font-semibold">
            {t("footer.account")}
          </h2>
          <ul className="mt-4 grid gap-3">
            <li>
              <Link to="/auth?tab=signin" className={linkClass}>
                {t("nav.signIn")}
              </Link>
            </li>
            <li>
              <Link to="/auth" className={linkClass}>
                {t("nav.getStarted")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-indigo-200 sm:px-6 lg:px-8">
          {t("footer.copyright", { year, platform })}
        </p>
      </div>
    </footer>
  );
}
