import { type ErrorBody, mapErrorMessage } from "@academy/shared";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preLaunchSignups } from "../src/db/schema/index.ts";
import { createTestContext, type TestContext } from "./harness.ts";

const ALREADY_SIGNED_UP = "You're already on our early access list. We'll notify you when we launch!";
const INVALID_EMAIL = "Please enter a valid email address.";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

function join(body: unknown) {
  return ctx.request("/api/pre-launch-signups", { method: "POST", json: body });
}

async function signupCount(): Promise<number> {
  const [row] = await ctx.runtime.db.select({ n: count() }).from(preLaunchSignups);
  return row.n;
}

describe("POST /api/pre-launch-signups (spec 000 §2 early access, §5, §8)", () => {
  it("stores a trimmed, lower-cased address and answers 201", async () => {
    const response = await join({ email: "  Foo@Example.COM " });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ email: "foo@example.com" });
    const rows = await ctx.runtime.db.select().from(preLaunchSignups);
    expect(rows.map((r) => r.email)).toEqual(["foo@example.com"]);
  });

  it("answers 409 with the spec's text for the same address in another case, storing nothing new", async () => {
    const before = await signupCount();
    const response = await join({ email: "FOO@example.com" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: "CONFLICT", message: ALREADY_SIGNED_UP } });
    expect(await signupCount()).toBe(before);
  });

  it("needs no sign-in (an anonymous visitor can join)", async () => {
    const response = await join({ email: "anon@example.com" });
    expect(response.status).toBe(201);
    const rows = await ctx.runtime.db
      .select()
      .from(preLaunchSignups)
      .where(eq(preLaunchSignups.email, "anon@example.com"));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["an invalid address", { email: "not-an-email" }],
    ["a blank address", { email: "" }],
    ["a whitespace-only address", { email: "   " }],
    ["a missing address", {}],
    ["a non-string address", { email: 42 }],
  ])("rejects %s with 400 'Please enter a valid email address.' and writes nothing", async (_label, body) => {
    const before = await signupCount();
    const response = await join(body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as ErrorBody;
    expect(json.error.code).toBe("VALIDATION_FAILED");
    expect(json.error.message).toBe(INVALID_EMAIL);
    expect(await signupCount()).toBe(before);
  });

  it("rejects a body that is not JSON with 400 and writes nothing", async () => {
    const before = await signupCount();
    const response = await ctx.request("/api/pre-launch-signups", {
      method: "POST",
      body: "email=x@example.com",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    // The web client shows the spec's "Invalid data format" for messages about JSON (001 §8).
    expect(mapErrorMessage(((await response.json()) as ErrorBody).error.message)).toBe("json");
    expect(await signupCount()).toBe(before);
  });
});
