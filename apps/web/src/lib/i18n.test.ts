import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/locales/en/index";
import vi from "@/locales/vi/index";
import i18n, { NAMESPACES } from "./i18n";

const resources = { en, vi } as const;

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

describe("lazy catalogues (issue 17 §14)", () => {
  it("every JSON file under locales/en and locales/vi is a namespace, and is in each language's chunk", () => {
    for (const lng of ["en", "vi"] as const) {
      const files = readdirSync(path.join(import.meta.dirname, "../locales", lng))
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.slice(0, -".json".length))
        // English error texts are the server's own (ERROR_REASON_TEXT), not a file.
        .concat(lng === "en" ? ["errors"] : [])
        .sort();
      expect([...NAMESPACES].sort()).toEqual(files);
      expect(Object.keys(resources[lng]).sort()).toEqual(files);
    }
  });

  it("loads a language's catalogue when switching to it, and only that language", async () => {
    await i18n.changeLanguage("vi");
    expect(i18n.hasResourceBundle("vi", "common")).toBe(true);
    expect(i18n.t("common:notFound.title")).toBe(vi.common.notFound.title);
    await i18n.changeLanguage("en");
    expect(i18n.t("common:notFound.title")).toBe(en.common.notFound.title);
    expect(i18n.options.fallbackLng).toBe(false);
  });
});
