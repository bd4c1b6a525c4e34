import { BrandingPage } from "@/features/schools/components/branding-page";

/** /dashboard/branding (issue 15; spec 000 §2 "Set up branding" card, 001 §2 "Branding & Domains"). */
export function Component() {
  return <BrandingPage />;
}
