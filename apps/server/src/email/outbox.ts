import { and, desc, eq, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db, Executor } from "../db/client.ts";
import { emailOutbox } from "../db/schema/index.ts";
import type { Logger } from "../lib/logger.ts";
import { recordJobRun } from "../observability/metrics.ts";
import type { RenderedEmail } from "./templates.ts";

/** Attempts before a message is marked failed. */
export const MAX_ATTEMPTS = 8;
/** How long a worker may hold a claimed message before another worker may take it over. */
const CLAIM_SECONDS = 120;

/** Backoff before attempt n+1 (n ≥ 1): 30 s, 1 min, 2 min … capped at 1 hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Writes a message into the outbox with `executor` (pass the request's transaction so the
 * message exists only if the change commits). Without SMTP the message is stored as "captured"
 * for /dev/mailbox; with SMTP it is "pending" for the worker.
 * @returns the outbox row id.
 */
export async function enqueueEmail(
  executor: Executor,
  message: RenderedEmail & { to: string; headers?: Record<string, string> },
  mode: "smtp" | "capture",
): Promise<string> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      to_address: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      template: message.template,
      headers: message.headers ?? null,
      status: mode === "capture" ? "captured" : "pending",
      sent_at: mode === "capture" ? new Date() : null,
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}

/** Rows per INSERT statement of `enqueueEmails` (8 parameters a row, far below PostgreSQL's 65,535). */
const ENQUEUE_CHUNK = 1000;

/**
 * Writes many messages into the outbox in multi-row INSERTs (1,000 rows a statement) with
 * `executor`, all tagged with `batchId` so their delivery progress can be read back
 * (`batchStatus`). Same status rules as `enqueueEmail`. Never talks to SMTP.
 * @returns how many rows were written.
 */
export async function enqueueEmails(
  executor: Executor,
  messages: Array<RenderedEmail & { to: string; headers?: Record<string, string> }>,
  mode: "smtp" | "capture",
  batchId: string | null,
): Promise<number> {
  const now = new Date();
  for (let i = 0; i < messages.length; i += ENQUEUE_CHUNK) {
    await executor.insert(emailOutbox).values(
      messages.slice(i, i + ENQUEUE_CHUNK).map((message) => ({
        to_address: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        template: message.template,
        headers: message.headers ?? null,
        status: mode === "capture" ? "captured" : "pending",
        sent_at: mode === "capture" ? now : null,
        batch_id: batchId,
      })),
    );
  }
  return messages.length;
}

/** Delivery progress of one batch: total rows, delivered (sent or captured), pending (incl. sending), failed. */
export async function batchStatus(
  db: Executor,
  batchId: string,
): Promise<{ total: number; delivered: number; pending: number; failed: number }> {
  const result = (await db.execute(sql`
    select count(*)::int as total,
           count(*) filter (where status in ('sent', 'captured'))::int as delivered,
           count(*) filter (where status in ('pending', 'sending'))::int as pending,
           count(*) filter (where status = 'failed')::int as failed
      from email_outbox where batch_id = ${batchId}`)) as unknown as {
    rows: Array<{ total: number; delivered: number; pending: number; failed: number }>;
  };
  const row = result.rows[0];
  return {
    total: Number(row?.total ?? 0),
    delivered: Number(row?.delivered ?? 0),
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}

/**
 * Claims up to `limit` due messages for this worker (FOR UPDATE SKIP LOCKED: two workers never
 * claim the same row), marking them "sending" with a lease of CLAIM_SECONDS.
 */
export async function claimDueMessages(db: Db, limit: number): Promise<OutboxRow[]> {
  const result = (await db.execute(sql`
    update email_outbox set status = 'sending', attempts = attempts + 1,
           locked_until = now() + make_interval(secs => ${CLAIM_SECONDS})
     where id in (
       select id from email_outbox
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id, to_address, subject, html, text, template, headers, attempts`)) as unknown as {
    rows: OutboxRow[];
  };
  return result.rows as OutboxRow[];
}

export interface OutboxWorker {
  /** Delivers every due message now; resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Wakes the worker early (after an enqueue). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The outbox worker: polls every `intervalMs`, claims due messages and sends them through
 * `transport` (nodemailer). A failed send is retried with `backoffSeconds`; after MAX_ATTEMPTS it
 * is marked failed with the last error recorded.
 */
export function createOutboxWorker(opts: {
  db: Db;
  transport: Transporter;
  from: string;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
}): OutboxWorker {
  const interval = opts.intervalMs ?? 1000;
  const batchSize = opts.batchSize ?? 25;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      await opts.transport.sendMail({
        from: opts.from,
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        // List-Unsubscribe and List-Unsubscribe-Post of a non-essential e-mail (RFC 8058).
        ...(row.headers ? { headers: row.headers } : {}),
      });
      await opts.db
        .update(emailOutbox)
        .set({ status: "sent", sent_at: new Date(), locked_until: null, last_error: null })
        .where(eq(emailOutbox.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = row.attempts >= MAX_ATTEMPTS;
      opts.logger.warn({ outboxId: row.id, attempts: row.attempts, err: message }, "email delivery failed");
      await opts.db
        .update(emailOutbox)
        .set({
          status: failed ? "failed" : "pending",
          locked_until: null,
          last_error: message.slice(0, 1000),
          next_attempt_at: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
        })
        .where(eq(emailOutbox.id, row.id));
    }
  }

  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMessages(opts.db, batchSize);
      if (batch.length === 0) return sent;
      await Promise.all(batch.map(deliver));
      sent += batch.length;
    }
  }

  function tick() {
    if (stopped || running) return;
    const started = performance.now();
    let ok = true;
    running = runOnce()
      .catch((error) => {
        ok = false;
        opts.logger.error({ err: error }, "outbox worker failed");
        return 0;
      })
      .finally(() => {
        recordJobRun("email-outbox", (performance.now() - started) / 1000, ok);
        running = undefined;
      });
  }

  return {
    runOnce,
    kick: () => setImmediate(tick),
    start() {
      stopped = false;
      timer = setInterval(tick, interval);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** Newest-first listing for /dev/mailbox. */
export async function listMailbox(db: Db, limit = 200): Promise<OutboxRow[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.created_at)).limit(limit);
}

export async function getMailboxMessage(db: Db, id: string): Promise<OutboxRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id)))
    .limit(1);
  return row;
}
