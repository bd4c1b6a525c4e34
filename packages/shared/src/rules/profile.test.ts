import { describe, expect, it } from "vitest";
import { isNewAccount, NEW_ACCOUNT_HOURS } from "./profile.ts";

describe("isNewAccount (issue 24 §8: a new account is not welcomed back)", () => {
  const now = Date.parse("2026-11-28T12:00:00Z");
  it("is new within NEW_ACCOUNT_HOURS of its creation, then not", () => {
    expect(NEW_ACCOUNT_HOURS).toBe(24);
    expect(isNewAccount("2026-11-28T11:59:00Z", now)).toBe(true);
    expect(isNewAccount("2026-11-27T12:00:01Z", now)).toBe(true);
    expect(isNewAccount("2026-11-27T11:59:59Z", now)).toBe(false);
  });
  it("is not new without a date", () => {
    expect(isNewAccount(undefined, now)).toBe(false);
    expect(isNewAccount("not a date", now)).toBe(false);
  });
});
