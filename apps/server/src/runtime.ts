import path from "node:path";
import { createAiAdapter } from "./ai/ai.ts";
import { type Auth, createAuth } from "./auth/auth.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { lockDataDir } from "./db/lock.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { createMailer, type Mailer } from "./email/mailer.ts";
import { type Env, resolveAuthSecret, resolveEncryptionKey } from "./env.ts";
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
  options: { logger?: Logger; handle?: DatabaseHandle } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(env.logLevel);
  let release: (() => Promise<void>) | undefined;
  if (!options.handle && !env.databaseUrl) {
    release = await lockDataDir(env.dataDir, (error) =>
      logger.fatal({ err: error }, "data directory lock lost"),
    );
  }
  try {
    const secret = resolveAuthSecret(env);
    const encryptionKey = resolveEncryptionKey(env);
    const handle =
      options.handle ??
      (await openDatabase({
        databaseUrl: env.databaseUrl,
        pgliteDir: path.join(env.dataDir, "pglite"),
        onPoolError: (error) => logger.error({ err: error }, "database connection lost; the pool reconnects"),
      }));
    await migrateDatabase(handle);
    const mailer = createMailer({ db: handle.db, smtpUrl: env.smtpUrl, from: env.mailFrom, logger });
    const storage = createStorage(env);
    const ai = createAiAdapter(env, logger);
    const auth = createAuth({ db: handle.db, env, secret, mailer, logger });
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
