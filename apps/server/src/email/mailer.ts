import nodemailer, { type Transporter } from "nodemailer";
import type { Db, Executor } from "../db/client.ts";
import type { Logger } from "../lib/logger.ts";
import { platformName } from "../lib/platform-name.ts";
import { createOutboxWorker, enqueueEmail, enqueueEmails, type OutboxWorker } from "./outbox.ts";
import { type RenderedEmail, withPlatformName } from "./templates.ts";

/**
 * The e-mail service the features use: `send` writes into the outbox (never talks to SMTP in the
 * request), the worker delivers. Without SMTP_URL messages are captured for /dev/mailbox. The
 * platform's name (Settings, issue 14) replaces the templates' PLATFORM marker on the way in.
 */
export interface Mailer {
  mode: "smtp" | "capture";
  send(executor: Executor, message: RenderedEmail & { to: string }): Promise<string>;
  /** Writes many messages as one batch (multi-row inserts); resolves with how many were queued. */
  sendMany(
    executor: Executor,
    messages: Array<RenderedEmail & { to: string }>,
    batchId: string,
  ): Promise<number>;
  worker: OutboxWorker | undefined;
}

export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  logger: Logger;
  transport?: Transporter;
}): Mailer {
  const transport = opts.transport ?? (opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined);
  const mode = transport ? "smtp" : "capture";
  const worker = transport
    ? createOutboxWorker({ db: opts.db, transport, from: opts.from, logger: opts.logger })
    : undefined;
  return {
    mode,
    worker,
    async send(executor, message) {
      const named = withPlatformName(message, await platformName(executor, opts.db));
      const id = await enqueueEmail(executor, named, mode);
      worker?.kick();
      return id;
    },
    async sendMany(executor, messages, batchId) {
      const name = await platformName(executor, opts.db);
      const n = await enqueueEmails(
        executor,
        messages.map((m) => withPlatformName(m, name)),
        mode,
        batchId,
      );
      worker?.kick();
      return n;
    },
  };
}
