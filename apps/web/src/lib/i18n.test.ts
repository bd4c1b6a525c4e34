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
