import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every string of a catalogue, with its key path. */
function strings(value: unknown, prefix = ""): Array<[string, string]> {
  if (typeof value === "string") return [[prefix, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, prefix ? `${prefix}.${key}` : key));
}

describe("no screen speaks to the operator (issue 24 §7)", () => {
  it("no catalogue text mentions the README or an environment variable", () => {
    for (const lang of ["en", "vi"]) {
      const dir = path.join(import.meta.dirname, lang);
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
        for (const [key, text] of strings(JSON.parse(readFileSync(path.join(dir, file), "utf8")))) {
          expect(text, `${lang}/${file} ${key}`).not.toMatch(/README|\b[A-Z]+_[A-Z_]{3,}\b/);
        }
      }
    }
  });
});
