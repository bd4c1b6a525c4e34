import { SCHOOL_MESSAGES } from "@academy/shared";
import { afterAll, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { translateSchoolMessage } from "./messages";

afterAll(async () => {
  await i18n.changeLanguage("en");
});

describe("translateSchoolMessage", () => {
  it.each(["en", "vi"])("has a %s text for every school message (no raw key shown)", async (lng) => {
    await i18n.changeLanguage(lng);
    for (const [key, text] of Object.entries(SCHOOL_MESSAGES)) {
      const shown = translateSchoolMessage(i18n.t, text as string);
      expect(shown, key).not.toContain("validation.");
      if (lng === "en") expect(shown, key).toBe(text);
      else expect(shown, key).not.toBe(text);
    }
  });
});
