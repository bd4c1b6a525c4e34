import { createAuthClient } from "better-auth/react";

/** better-auth's browser client; sessions live in httpOnly cookies, never in storage. */
export const authClient = createAuthClient({ basePath: "/api/auth" });
