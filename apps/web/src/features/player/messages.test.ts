import { LEARNING_MESSAGES } from "@academy/shared";
import { describe, expect, it } from "vitest";
import en from "@/locales/en/player.json";

describe("player texts (spec 001 §2, §6, §8)", () => {
  it("uses the spec's exact English texts", () => {
    expect(en.errors.accessDenied).toBe(LEARNING_MESSAGES.accessDenied);
    expect(en.errors.notEnrolled).toBe(LEARNING_MESSAGES.notEnrolled);
    expect(en.errors.loadFailed).toBe(LEARNING_MESSAGES.loadFailed);
    expect(en.errors.notFound).toBe(LEARNING_MESSAGES.courseNotAvailable);
    expect(en.comingSoon).toBe("Lesson content coming soon");
    expect([en.previous, en.markComplete, en.next]).toEqual(["Previous", "Mark Complete", "Next"]);
  });
});
