import path from "node:path";
import webpush from "web-push";
import { createAiAdapter } from "./ai/ai.ts";
import { type Auth, createAuth } from "./auth/auth.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { checkKeyFingerprints, fingerprintKeys } from "./db/key-fingerprints.ts";
import { lockDataDir } from "./db/lock.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { createMailer, type Mailer } from "./email/mailer.ts";
import { type Env, resolveAuthSecret, resolveEncryptionKey, resolveVapidKeys } from "./env.ts";
import { setAdminByEmail } from "./features/admin/admin.service.ts";
import { createDomainResolver } from "./features/schools/dns.ts";
import { requestHost } from "./features/schools/schools.routes.ts";
import { originsForHost } from "./features/schools/schools.service.ts";
import type { AppDeps } from "./lib/http.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { createRealtimeBus } from "./realtime/bus.ts";
import { createStorage } from "./storage/storage.ts";

export interface Runtime extends AppDeps {
  auth: Auth;
  mailer: Mailer;
  /** Stops the outbox worker, closes the database and releases the data-directory lock. */
  close(): Promise<void>;
}

/**
 * Boots everything the app needs, in order: data-directory lock (PGlite only; throws
 * DataDirLockedError before touching anything), auth secret, database, migrations, mailer, auth.
 */
export async function createRuntime(
  env: Env,
  options: { logger?: Logger; handle?: DatabaseHandle; onLockLost?: (error: Error) => void } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(env.logLevel);
  let release: (() => Promise<void>) | undefined;
  let lockLost = false;
  if (!options.handle && !env.databaseUrl) {
    release = await lockDataDir(env.dataDir, (error) => {
      if (lockLost) return;
      // Another process may be writing this directory now: stop writing at once, then exit.
      lockLost = true;
      logger.fatal({ err: error }, "data directory lock lost: refusing writes and shutting down");
      release = undefined;
      options.onLockLost?.(error);
    });
  }
  try {
    const secret = resolveAuthSecret(env);
    const encryptionKey = resolveEncryptionKey(env);
    const vapid = resolveVapidKeys(env, () => webpush.generateVAPIDKeys());
    // Hashed off the main thread while the database opens (issue 17 §12).
    const fingerprints = fingerprintKeys({ AUTH_SECRET: secret, ENCRYPTION_KEY: encryptionKey });
    fingerprints.catch(() => {}); // awaited below; never an unhandled rejection meanwhile
    const handle =
      options.handle ??
      (await openDatabase({
        databaseUrl: env.databaseUrl,
        pgliteDir: path.join(env.dataDir, "pglite"),
        onPoolError: (error) => logger.error({ err: error }, "database connection lost; the pool reconnects"),
      }));
    await migrateDatabase(handle);
    // Servers sharing the database must share these keys (issue 16 item 9).
    try {
      await checkKeyFingerprints(handle.db, fingerprints);
    } catch (error) {
      if (!options.handle) await handle.close().catch(() => {});
      throw error;
    }
    // ADMIN_EMAILS (issue 14): existing accounts with these e-mails become platform admins.
    for (const email of env.adminEmails) {
      await setAdminByEmail(handle.db, email, true, { id: null, email: "ADMIN_EMAILS" });
    }
    const mailer = createMailer({
      db: handle.db,
      smtpUrl: env.smtpUrl,
      from: env.mailFrom,
      logger,
      secret,
      appUrl: env.appUrl,
    });
    const storage = createStorage(env);
    const ai = createAiAdapter(env, logger);
    // A verified custom domain is a trusted origin for requests to that domain only (issue 15;
    // decision 0150; issue 25 N1, decision 0219).
    const domainTrust = { production: env.nodeEnv === "production", freshMs: env.domainRecheckIntervalMs };
    const auth = createAuth({
      db: handle.db,
      env,
      secret,
      mailer,
      logger,
      dynamicTrustedOrigins: (request) =>
        request
          ? originsForHost(handle.db, domainTrust, requestHost(request.headers, env.trustProxy))
          : Promise.resolve([]),
    });
    const dnsResolver = createDomainResolver(env.dnsServers);
    const realtime = createRealtimeBus(handle, logger);
    return {
      env,
      handle,
      db: handle.db,
      auth,
      mailer,
      logger,
      storage,
      ai,
      encryptionKey,
      realtime,
      writesStopped: () => lockLost,
      dnsResolver,
      vapid,
      async close() {
        await mailer.worker?.stop();
        await realtime.close();
        await handle.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}
