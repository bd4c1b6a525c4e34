import { useQuery } from "@tanstack/react-query";
import { ShieldAlertIcon, XIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { twoFactorStatusQueryOptions } from "../api/two-factor";

/** localStorage key remembering that this person dismissed the prompt on this browser. */
export const PROMPT_DISMISSED_KEY = "academy:two-factor-prompt-dismissed";

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(PROMPT_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * "Protect your earnings" banner (issue 25 item 6) on the creator dashboard and Earnings: shown to
 * a creator with at least one paid order whose two-factor sign-in is off (`suggest` of GET
 * /api/account/two-factor); links to the account settings' card; dismissing hides it on this browser.
 */
export function TwoFactorPrompt() {
  const { t } = useTranslation("account");
  const status = useQuery(twoFactorStatusQueryOptions);
  const [dismissed, setDismissed] = React.useState(dismissedBefore);
  if (dismissed || !status.data?.suggest) return null;
  return (
    <section
      aria-label={t("twoFactorPrompt.title")}
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="two-factor-prompt"
    >
      <ShieldAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-2">
        <p className="font-semibold">{t("twoFactorPrompt.title")}</p>
        <p className="text-sm">{t("twoFactorPrompt.text")}</p>
        <Button asChild size="sm" className="justify-self-start">
          <Link to="/dashboard/account#two-factor">{t("twoFactorPrompt.action")}</Link>
        </Button>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-me-2 -mt-2 shrink-0"
        aria-label={t("twoFactorPrompt.dismiss")}
        onClick={() => {
          try {
            localStorage.setItem(PROMPT_DISMISSED_KEY, "1");
          } catch {
            // Private mode: hidden until the page is opened again.
          }
          setDismissed(true);
        }}
      >
        <XIcon aria-hidden />
      </Button>
    </section>
  );
}
