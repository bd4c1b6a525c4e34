import type { ErrorIssue } from "@academy/shared";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ZodError } from "zod";
import type { Auth } from "../auth/auth.ts";
import type { DatabaseHandle, Db } from "../db/client.ts";
import type { Mailer } from "../email/mailer.ts";
import type { Env, VapidKeys } from "../env.ts";
import type { DomainResolver } from "../features/schools/dns.ts";
import type { RealtimeBus } from "../realtime/bus.ts";
import type { Storage } from "../storage/storage.ts";
import type { AiPort } from "./ai-port.ts";
import { AppError, errorBody } from "./errors.ts";
import type { Logger } from "./logger.ts";

/** What route factories receive: the app's shared services. */
export interface AppDeps {
  env: Env;
  handle: DatabaseHandle;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  ai: AiPort;
  storage: Storage;
  /** AES-256-GCM key for secrets at rest (payment-method keys), see `resolveEncryptionKey`. */
  encryptionKey: Buffer;
  /** PostgreSQL LISTEN/NOTIFY between instances (realtime/bus.ts). */
  realtime: RealtimeBus;
  /**
   * True once the server must not write any more (it lost its data-directory lock and is exiting,
   * issue 16 item 3): the app answers 503 to every request but GET and HEAD. Absent: never.
   */
  writesStopped?: () => boolean;
  /** DNS look-ups for custom-domain verification (issue 15; DNS_SERVERS). */
  dnsResolver: DomainResolver;
  /** VAPID keys signing Web Push (issue 27 §3), see `resolveVapidKeys`. */
  vapid: VapidKeys;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export type AppEnv = {
  Variables: {
    user: SessionUser | null;
    sessionId: string | null;
    requestId: string;
  };
};

/** Turns zod issues into the API's `issues` list. */
export function toIssues(error: ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

/** A router whose validation failures answer 400 `{ error: { code: "VALIDATION_FAILED", message, issues } }`. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = toIssues(result.error as ZodError);
        return c.json(errorBody("VALIDATION_FAILED", issues[0]?.message ?? "Invalid input", issues), 400);
      }
    },
  });
}

/** The signed-in user, or AppError UNAUTHORIZED. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  return user;
}

/** Shared OpenAPI response schema for errors. */
export { errorResponseSchema } from "./openapi.ts";
