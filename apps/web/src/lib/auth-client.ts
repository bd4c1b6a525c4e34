import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * better-auth's browser client; sessions live in httpOnly cookies, never in storage. The two-factor
 * plugin (issue 25 item 6) adds `authClient.twoFactor.*`; the sign-in form handles its
 * `twoFactorRedirect` answer itself (no page redirect).
 */
export const authClient = createAuthClient({ basePath: "/api/auth", plugins: [twoFactorClient()] });
