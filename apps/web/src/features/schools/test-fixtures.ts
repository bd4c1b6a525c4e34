import type { SchoolBranding } from "@academy/shared";

/** A creator's branding as GET /api/schools/me/branding answers it, for the schools tests. */
export function brandingFixture(overrides: Partial<SchoolBranding> = {}): SchoolBranding {
  return {
    exists: true,
    id: "school-1",
    name: "Lan's School",
    slug: "lans-school",
    description: "",
    logoUrl: "",
    faviconUrl: "",
    primaryColor: "#1A237E",
    accentColor: "#00C7B1",
    font: "Inter",
    supportEmail: "",
    legalName: "",
    taxCode: "",
    businessAddress: "",
    socialLinks: { facebook: "", zalo: "", tiktok: "", youtube: "" },
    publicUrl: "http://localhost/s/lans-school",
    redirects: [],
    domains: [],
    ...overrides,
  };
}
