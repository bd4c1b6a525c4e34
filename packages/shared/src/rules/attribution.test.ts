import { describe, expect, it } from "vitest";
import { enrollInputSchema } from "../schemas/payments.ts";
import { attributionFromParams, attributionQuery, cleanUtmValue, UTM_MAX_LENGTH } from "./attribution.ts";

describe("campaign parameters (issue 12 §3)", () => {
  it("cleans a value: trimmed, lower case, limited in length and characters", () => {
    expect(cleanUtmValue("  Facebook ")).toBe("facebook");
    expect(cleanUtmValue("Tết 2026 / Zalo-OA")).toBe("tết 2026 / zalo-oa");
    expect(cleanUtmValue("a".repeat(UTM_MAX_LENGTH))).toBe("a".repeat(UTM_MAX_LENGTH));
    expect(cleanUtmValue("a".repeat(UTM_MAX_LENGTH + 1))).toBeUndefined();
    expect(cleanUtmValue("<script>")).toBeUndefined();
    expect(cleanUtmValue("   ")).toBeUndefined();
    expect(cleanUtmValue(7)).toBeUndefined();
  });

  it("reads the three parameters from a query and writes them back", () => {
    // A parsed query string (as URLSearchParams gives it): lp=pho&utm_campaign=Spring%20Sale&…
    const query: Record<string, string> = {
      lp: "pho",
      utm_campaign: "Spring Sale",
      utm_source: "TikTok",
      utm_medium: "<b>",
      utm_term: "x",
    };
    const a = attributionFromParams({ get: (name) => query[name] ?? null });
    expect(a).toEqual({ utm_source: "tiktok", utm_campaign: "spring sale" });
    expect(attributionQuery(a)).toBe("&utm_source=tiktok&utm_campaign=spring%20sale");
    expect(attributionQuery({})).toBe("");
  });

  it("drops invalid parameters from the enrol body but keeps the rest", () => {
    const parsed = enrollInputSchema.parse({
      landingPage: "pho",
      utm_source: "x".repeat(200),
      utm_medium: "Email",
    });
    expect(parsed).toEqual({
      landingPage: "pho",
      utm_source: undefined,
      utm_medium: "email",
      utm_campaign: undefined,
    });
  });
});
