import { LandingPageList } from "@/features/landing-pages/components/landing-page-list";

/** /dashboard/landing-pages (spec 001 §2 Landing page list). */
export function Component() {
  return <LandingPageList />;
}
