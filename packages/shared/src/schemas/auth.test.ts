import { describe, expect, it } from "vitest";
import { PASSWORD_MAX, PASSWORD_MIN } from "../rules/auth.ts";
import { resendVerificationSchema, signInSchema, signUpSchema } from "./auth.ts";

const valid = { name: "Nguyễn Văn A", email: "a@example.com", password: "12345678" };

/** The first issue's message, or undefined when the input is valid. */
function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("signUpSchema (spec 000 §5 sign-up; passwords 8–128)", () => {
  it("accepts a valid sign-up", () => {
    expect(signUpSchema.parse(valid)).toEqual(valid);
  });

  it("trims and lower-cases the e-mail", () => {
    expect(signUpSchema.parse({ ...valid, email: "  Foo@Example.COM " }).email).toBe("foo@example.com");
  });

  it("has the password bounds 8 and 128", () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(128);
  });

  it("rejects a 7-character password with the length message", () => {
    const result = signUpSchema.safeParse({ ...valid, password: "1234567" });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe("Password must be at least 8 characters.");
  });

  it("accepts 8- and 128-character passwords", () => {
    expect(signUpSchema.safeParse({ ...valid, password: "a".repeat(8) }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, password: "a".repeat(128) }).success).toBe(true);
  });

  it("rejects a 129-character password", () => {
    const result = signUpSchema.safeParse({ ...valid, password: "a".repeat(129) });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe("Password must be at most 128 characters.");
  });

  it("rejects a blank or missing name", () => {
    expect(firstMessage(signUpSchema.safeParse({ ...valid, name: "   " }))).toBe("Full name is required.");
    expect(firstMessage(signUpSchema.safeParse({ ...valid, name: "" }))).toBe("Full name is required.");
    expect(firstMessage(signUpSchema.safeParse({ email: valid.email, password: valid.password }))).toBe(
      "Full name is required.",
    );
  });

  it("trims the name", () => {
    expect(signUpSchema.parse({ ...valid, name: "  Ann  " }).name).toBe("Ann");
  });

  it("rejects a bad, blank or missing e-mail", () => {
    expect(firstMessage(signUpSchema.safeParse({ ...valid, email: "not-an-email" }))).toBe(
      "Please enter a valid email address.",
    );
    expect(firstMessage(signUpSchema.safeParse({ ...valid, email: "   " }))).toBe("Email is required.");
    expect(firstMessage(signUpSchema.safeParse({ name: valid.name, password: valid.password }))).toBe(
      "Email is required.",
    );
  });

  it("rejects a missing password", () => {
    expect(firstMessage(signUpSchema.safeParse({ name: valid.name, email: valid.email }))).toBe(
      "Password is required.",
    );
  });
});

describe("signInSchema (spec 000 §5 sign-in)", () => {
  it("trims and lower-cases the e-mail and keeps the password as typed", () => {
    expect(signInSchema.parse({ email: " Bob@Example.com", password: " pw " })).toEqual({
      email: "bob@example.com",
      password: " pw ",
    });
  });

  it("requires e-mail and password", () => {
    expect(firstMessage(signInSchema.safeParse({ email: "a@example.com", password: "" }))).toBe(
      "Password is required.",
    );
    expect(firstMessage(signInSchema.safeParse({ email: "", password: "x" }))).toBe("Email is required.");
  });
});

describe("resendVerificationSchema", () => {
  it("normalises the e-mail and rejects a bad one", () => {
    expect(resendVerificationSchema.parse({ email: " X@Example.com " }).email).toBe("x@example.com");
    expect(firstMessage(resendVerificationSchema.safeParse({ email: "x@" }))).toBe(
      "Please enter a valid email address.",
    );
  });
});
