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

describe("lazy catalogues (issue 17 §14)", () => {
  it("every JSON file under locales/en and locales/vi is a namespace, and is in each language's chunk", () => {
    for (const lng of ["en", "vi"] as const) {
      const files = readdirSync(path.join(import.meta.dirname, "../locales", lng))
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.slice(0, -".json".length))
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
