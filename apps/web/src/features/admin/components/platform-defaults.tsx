import { useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import * as React from "react";
import { languageIsKnown } from "@/lib/i18n";
import { platformSettingsQueryOptions } from "../api/admin";

/**
 * Applies the platform's default language (Admin Panel Settings, issue 14) to visitors who have not
 * chosen one and whose browser is neither English nor Vietnamese. Renders nothing.
 */
export function PlatformDefaults() {
  const settings = useQuery(platformSettingsQueryOptions);
  const lng = settings.data?.defaultLanguage;
  React.useEffect(() => {
    if (lng && !languageIsKnown() && i18next.language !== lng) void i18next.changeLanguage(lng);
  }, [lng]);
  return null;
}
