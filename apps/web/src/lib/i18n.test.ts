import { describe, expect, it } from "vitest";
import { resources } from "./i18n";

/** Every key in the English catalogue exists in the Vietnamese one and vice versa (plural forms aside). */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

describe("catalogues", () => {
  for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
    it(`en and vi have the same keys in "${ns}"`, () => {
      const en = new Set(keys(resources.en[ns]).map(base));
      const vi = new Set(keys(resources.vi[ns]).map(base));
      expect([...en].filter((k) => !vi.has(k))).toEqual([]);
      expect([...vi].filter((k) => !en.has(k))).toEqual([]);
    });
  }
});

describe("numbers in texts follow the language (issue 17 §6)", () => {
  it("groups and separates numbers per language; years stay as written", async () => {
    const { default: i18n } = await import("./i18n");
    const before = i18n.language;
    try {
      await i18n.changeLanguage("vi");
      expect(i18n.t("common:time.minutesAgo", { count: 1234 })).toBe("1.234 phút trước");
      expect(i18n.t("landing:footer.copyright", { year: 2026 })).toContain("2026");
      expect(i18n.t("landing:footer.copyright", { year: 2026 })).not.toContain("2.026");
      await i18n.changeLanguage("en");
      expect(i18n.t("common:time.minutesAgo", { count: 1234 })).toBe("1,234 minutes ago");
    } finally {
      await i18n.changeLanguage(before);
    }
  });
});
