import i18next from "i18next";
import * as React from "react";
import { setLanguage } from "./i18n";

/**
 * Uses the signed-in person's stored language on this device (issue 24 §7): once they stated it
 * (at sign-up, with the language switch, or in account settings), every device they sign in on
 * shows the app in that language. A person who never chose keeps this device's language.
 */
export function useProfileLanguage(
  me: { locale?: "en" | "vi"; localeChosen?: boolean } | null | undefined,
): void {
  const locale = me?.localeChosen ? me.locale : undefined;
  React.useEffect(() => {
    if (locale && i18next.language !== locale) void setLanguage(locale);
  }, [locale]);
}
