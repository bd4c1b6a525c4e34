import { describe, expect, it } from "vitest";
import { earlyAccessSchema } from "./pre-launch.ts";

const INVALID = "Please enter a valid email address.";

describe("earlyAccessSchema (spec 000 §5 early-access e-mail)", () => {
  it("trims and lower-cases the address", () => {
    expect(earlyAccessSchema.parse({ email: "  Foo@Example.COM " })).toEqual({ email: "foo@example.com" });
  });

  it("rejects a bad address with the spec's message", () => {
    const result = earlyAccessSchema.safeParse({ email: "foo@" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID);
  });

  it("rejects a blank, whitespace-only or missing address", () => {
    for (const input of [{ email: "" }, { email: "   " }, {}]) {
      const result = earlyAccessSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INVALID);
    }
  });

  it("rejects an address longer than 254 characters", () => {
    const result = earlyAccessSchema.safeParse({ email: `${"a".repeat(250)}@example.com` });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID);
  });
});
