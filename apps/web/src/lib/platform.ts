import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "./api-client";

/** The platform's name before the settings are loaded, and when none is stored. */
export const DEFAULT_PLATFORM_NAME = "Academy";

/**
 * GET /api/platform-settings: public settings (name, support e-mail, banner, sign-up mode; issue 14).
 * Cross-cutting like the session: page titles, the brand mark, the Help Center and the Admin Panel
 * read it; saving Settings invalidates this key, so titles follow a rename at once.
 */
export const platformSettingsQueryOptions = queryOptions({
  queryKey: ["platform-settings"],
  queryFn: () => unwrap(api["platform-settings"].$get()),
  staleTime: 30_000,
});

/**
 * The platform's name from the Admin Panel's Settings; DEFAULT_PLATFORM_NAME until it is loaded.
 * Reads the cache only (no request of its own): the app's root (`PlatformDefaults` in providers)
 * keeps the settings query active, so every title and brand mark follows it — one request per app,
 * and components rendered alone (tests) simply show the default.
 */
export function usePlatformName(): string {
  const settings = useQuery({ ...platformSettingsQueryOptions, enabled: false });
  return settings.data?.platformName?.trim() || DEFAULT_PLATFORM_NAME;
}

/** A page's document title: "{page} · {platform name}", or the platform name alone without a page. */
export function pageTitle(page: string | undefined, platform: string): string {
  return page ? `${page} · ${platform}` : platform;
}
