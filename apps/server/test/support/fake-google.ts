import { vi } from "vitest";
import type { TestContext } from "../harness.ts";
import { cookiesFrom } from "../harness.ts";

/** The Google client id the tests configure (GOOGLE_CLIENT_ID). */
export const FAKE_GOOGLE_ENV = {
  GOOGLE_CLIENT_ID: "client-id.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "google-secret",
};

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * Runs a whole Google sign-in against the app with Google's token endpoint faked: starts it
 * (POST /api/auth/sign-in/social), then calls the OAuth callback with the state Google would return.
 * The id token (unsigned; better-auth decodes Google's id token from its own token endpoint without
 * verifying it) names `profile.email`. Restores `fetch` afterwards.
 * @returns the callback's response (a redirect).
 */
export async function googleSignIn(
  ctx: TestContext,
  profile: { email: string; name: string; sub: string },
  callbackURL = "/dashboard",
): Promise<Response> {
  const start = await ctx.request("/api/auth/sign-in/social", {
    method: "POST",
    json: { provider: "google", callbackURL },
  });
  if (!start.ok) throw new Error(`social sign-in failed: ${start.status} ${await start.text()}`);
  const { url } = (await start.json()) as { url: string };
  const state = new URL(url).searchParams.get("state") ?? "";
  const idToken = `${b64url({ alg: "none", typ: "JWT" })}.${b64url({
    iss: "https://accounts.google.com",
    aud: FAKE_GOOGLE_ENV.GOOGLE_CLIENT_ID,
    sub: profile.sub,
    email: profile.email,
    email_verified: true,
    name: profile.name,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 3600,
  })}.`;
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const target = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (target.startsWith("https://oauth2.googleapis.com/token")) {
      return Response.json({
        access_token: "fake-access",
        id_token: idToken,
        token_type: "Bearer",
        expires_in: 3600,
        scope: "openid email profile",
      });
    }
    return realFetch(input, init);
  });
  try {
    return await ctx.request(`/api/auth/callback/google?code=fake-code&state=${encodeURIComponent(state)}`, {
      cookie: cookiesFrom(start),
      redirect: "manual",
    });
  } finally {
    spy.mockRestore();
  }
}
