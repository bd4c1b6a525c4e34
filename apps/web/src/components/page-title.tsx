import { pageTitle, usePlatformName } from "@/lib/platform";

/**
 * The document <title> of a page: "{children} · {platform name}" (issue 14: the name stored in the
 * Admin Panel's Settings, "Academy" by default). React hoists it into <head>.
 */
export function PageTitle({ children }: { children?: string }) {
  const platform = usePlatformName();
  return <title>{pageTitle(children, platform)}</title>;
}
