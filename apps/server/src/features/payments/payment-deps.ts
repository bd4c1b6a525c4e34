/**
 * What the payments services need (`PaymentDeps`: database, mailer, app URL and provider hosts,
 * the key that opens stored method secrets, logger), and how the payments routes build it from
 * the app's dependencies.
 */
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import type { Env } from "../../env.ts";
import type { AppDeps } from "../../lib/http.ts";
import type { Logger } from "../../lib/logger.ts";

/** What the payments service needs. */
export interface PaymentDeps {
  db: Db;
  mailer: Mailer;
  env: Pick<Env, "appUrl" | "payments">;
  encryptionKey: Buffer;
  logger?: Logger;
}

/** The payments services' dependencies out of the app's (the routes call it once per router). */
export function paymentDeps(deps: AppDeps): PaymentDeps {
  return {
    db: deps.db,
    mailer: deps.mailer,
    env: deps.env,
    encryptionKey: deps.encryptionKey,
    logger: deps.logger,
  };
}
