import { MenuIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BrandMark } from "@/components/layout/brand";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { usePlatformName } from "@/lib/platform";
import { NAV_ANCHORS, type NavAnchor } from "../constants";

/**
 * The pre-launch header (spec 000 §2 Landing page): brand, anchors to the page's sections, the
 * language switch, "Sign In" and "Get Started" (both to /auth). Below `md` the anchors and the two
 * buttons move into a menu drawer opened by an accessible menu button.
 */
export function SiteHeader() {
  const { t } = useTranslation("landing");
  const platform = usePlatformName();
  const [menuOpen, setMenuOpen] = React.useState(false);
  // The section to scroll to once the drawer has closed and released the page's scroll lock.
  const pendingAnchor = React.useRef<NavAnchor | null>(null);
  const menuButton = React.useRef<HTMLButtonElement>(null);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={t("nav.home", { platform })} className="rounded-md text-brand">
          <BrandMark />
        </Link>

        <nav aria-label={t("nav.label")} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_ANCHORS.map((anchor) => (
              <li key={anchor}>
                <a
                  href={`#${anchor}`}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-brand"
                >
                  {t(`nav.${anchor}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <Button asChild variant="ghost" className="hidden md:inline-flex">
            <Link to="/auth?tab=signin">{t("nav.signIn")}</Link>
          </Button>
          <Button asChild className="hidden md:inline-flex">
            <Link to="/auth">{t("nav.getStarted")}</Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={t("nav.openMenu")}
            aria-expanded={menuOpen}
            aria-controls="pre-launch-menu"
            ref={menuButton}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon className="size-6" aria-hidden />
          </Button>
        </div>
      </div>

      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent
          id="pre-launch-menu"
          closeLabel={t("nav.closeMenu")}
          aria-describedby={undefined}
          className="left-auto right-0 w-[min(20rem,85vw)] gap-6 bg-white p-6"
          onCloseAutoFocus={(event) => {
            // The menu button is not a Radix trigger, so focus is handed back explicitly.
            event.preventDefault();
            const anchor = pendingAnchor.current;
            pendingAnchor.current = null;
            if (!anchor) {
              menuButton.current?.focus();
              return;
            }
            const target = document.getElementById(anchor);
            target?.scrollIntoView({ behavior: "smooth", block: "start" });
            target?.focus({ preventScroll: true });
            window.history.replaceState(null, "", `#${anchor}`);
          }}
        >
          <SheetTitle className="text-brand">
            <BrandMark />
            <span className="sr-only">{t("nav.menuTitle")}</span>
          </SheetTitle>
          <nav aria-label={t("nav.label")}>
            <ul className="grid gap-1">
              {NAV_ANCHORS.map((anchor) => (
                <li key={anchor}>
                  <a
                    href={`#${anchor}`}
                    className="block rounded-md px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-brand"
                    onClick={(event) => {
                      event.preventDefault();
                      pendingAnchor.current = anchor;
                      setMenuOpen(false);
                    }}
                  >
                    {t(`nav.${anchor}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto grid gap-2">
            <Button asChild variant="outline" size="lg">
              <Link to="/auth?tab=signin">{t("nav.signIn")}</Link>
            </Button>
            <Button asChild size="lg">
              <Link to="/auth">{t("nav.getStarted")}</Link>
            </Button>
          </div>
        </SheetContent>
      </Sheet>
    </header>
  );
}
