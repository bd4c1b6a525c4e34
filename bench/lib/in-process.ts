import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createApp } from "../../apps/server/src/app.ts";
import { user } from "../../apps/server/src/db/schema/index.ts";
import { loadEnv } from "../../apps/server/src/env.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";
import { createRuntime, type Runtime } from "../../apps/server/src/runtime.ts";

export const ORIGIN = "http://localhost:3000";

export interface InProcessApp {
  runtime: Runtime;
  /** The app's messaging hub (closed by close()). */
  messagingHub: ReturnType<typeof createApp>["messagingHub"];
  request(pathname: string, init?: { method?: string; json?: unknown; cookie?: string }): Promise<Response>;
  /** Signs up, verifies and signs in a creator; returns the session cookie and user id. */
  creator(email: string, name?: string): Promise<{ cookie: string; userId: string }>;
  /** The same for a student account (signupRole "student"). */
  student(email: string, name?: string): Promise<{ cookie: string; userId: string }>;
  close(): Promise<void>;
}

/**
 * The whole Academy app in this process on an embedded database, called with `app.request` — for
 * benchmarks of the API's own work without HTTP overhead, and for seeding a DATA_DIR that a real
 * server then serves. `options.dataDir`: that directory (kept on close); by default a fresh
 * temporary one (removed on close). `options.databaseUrl`: a PostgreSQL database instead of the
 * embedded one.
 */
export async function inProcessApp(
  options: { dataDir?: string; databaseUrl?: string } = {},
): Promise<InProcessApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "academy-bench-inproc-"));
  const env = loadEnv({
    NODE_ENV: "test",
    APP_URL: ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_MAX: "100000",
    MESSAGE_RATE_LIMIT_MAX: "1000000",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const runtime = await createRuntime(env, { logger: createLogger("silent") });
  const { app, messagingHub } = createApp(runtime);
  const request: InProcessApp["request"] = async (pathname, init = {}) => {
    const headers = new Headers({ origin: ORIGIN });
    if (init.cookie) headers.set("cookie", init.cookie);
    let body: string | undefined;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    return app.request(`${ORIGIN}${pathname}`, { method: init.method ?? "GET", headers, body });
  };
  async function account(email: string, student: boolean, name?: string) {
    const password = "bench-password-1";
    const signUp = await request("/api/auth/sign-up/email", {
      method: "POST",
      json: {
        name: name ?? (student ? "Bench Student" : "Bench Creator"),
        email,
        password,
        ...(student ? { signupRole: "student" } : {}),
      },
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    await runtime.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const signIn = await request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [row] = await runtime.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { cookie, userId: row.id };
  }
  return {
    runtime,
    messagingHub,
    request,
    creator: (email, name) => account(email, false, name),
    student: (email, name) => account(email, true, name),
    async close() {
      messagingHub.close();
      await runtime.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The p-th percentile (0–100) of `values`, nearest-rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
