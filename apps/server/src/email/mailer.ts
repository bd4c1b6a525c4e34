import nodemailer, { type Transporter } from "nodemailer";
import type { Db, Executor } from "../db/client.ts";
import type { Logger } from "../lib/logger.ts";
import { platformName } from "../lib/platform-name.ts";
import { createOutboxWorker, enqueueEmail, enqueueEmails, type OutboxWorker } from "./outbox.ts";
import { type RenderedEmail, withPlatformName } from "./templates.ts";
import {
  signUnsubscribeToken,
  type UnsubscribeTarget,
  unsubscribeHeaders,
  unsubscribeUrl,
  withUnsubscribeFooter,
} from "./unsubscribe.ts";

/**
 * A message for the outbox. A non-essential e-mail names its recipient and notification type in
 * `unsubscribe`: the mailer adds the signed one-click unsubscribe link (footer line,
 * `List-Unsubscribe`, `List-Unsubscribe-Post`; RFC 8058). Essential e-mail (receipts, security,
 * password, verification) has none.
 */
export type OutgoingEmail = RenderedEmail & { to: string; unsubscribe?: UnsubscribeTarget };

/**
 * The e-mail service the features use: `send` writes into the outbox (never talks to SMTP in the
 * request), the worker delivers. Without SMTP_URL messages are captured for /dev/mailbox. The
 * platform's name (Settings, issue 14) replaces the templates' PLATFORM marker on the way in.
 */
export interface Mailer {
  mode: "smtp" | "capture";
  send(executor: Executor, message: OutgoingEmail): Promise<string>;
  /** Writes many messages as one batch (multi-row inserts); resolves with how many were queued. */
  sendMany(executor: Executor, messages: OutgoingEmail[], batchId: string | null): Promise<number>;
  worker: OutboxWorker | undefined;
}

export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  logger: Logger;
  transport?: Transporter;
  /** Signs the unsubscribe tokens (the auth secret). */
  secret: string;
  /** APP_URL: the unsubscribe links' origin. */
  appUrl: string;
}): Mailer {
  const transport = opts.transport ?? (opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined);
  const mode = transport ? "smtp" : "capture";
  const worker = transport
    ? createOutboxWorker({ db: opts.db, transport, from: opts.from, logger: opts.logger })
    : undefined;
  const prepare = (message: OutgoingEmail, name: string) => {
    const { unsubscribe, ...rest } = message;
    const named = withPlatformName(rest, name);
    if (!unsubscribe) return named;
    const url = unsubscribeUrl(
      opts.appUrl,
      signUnsubscribeToken(opts.secret, unsubscribe.userId, unsubscribe.type),
    );
    return { ...withUnsubscribeFooter(named, url, unsubscribe.locale), headers: unsubscribeHeaders(url) };
  };
  return {
    mode,
    worker,
    async send(executor, message) {
      const id = await enqueueEmail(executor, prepare(message, await platformName(executor, opts.db)), mode);
      worker?.kick();
      return id;
    },
    async sendMany(executor, messages, batchId) {
      const name = await platformName(executor, opts.db);
      const n = await enqueueEmails(
        executor,
        messages.map((m) => prepare(m, name)),
        mode,
        batchId,
      );
      worker?.kick();
      return n;
    },
  };
}
