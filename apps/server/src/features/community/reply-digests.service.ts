import { type CommunityPreferences, REPLY_DIGEST_EVERY_MINUTES } from "@academy/shared";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { replyDigestEmail } from "../../email/templates.ts";
import type { SessionUser } from "../../lib/http.ts";
import { createMailWorker, type MailWorkerDeps } from "../../lib/interval-worker.ts";
import { emailRecipients, unsubscribeTarget } from "../notifications/notifications.service.ts";
import {
  claimDueDigests,
  getPreferences as getPreferenceRow,
  upsertPreferences,
} from "./reply-digests.queries.ts";

// Community preferences and the reply digest e-mails (issue 13 §2).

/** The caller's community preferences (reply e-mails on by default). */
export async function getPreferences(db: Db, actor: SessionUser): Promise<CommunityPreferences> {
  const row = await getPreferenceRow(db, actor.id);
  return { replyEmails: row?.reply_emails ?? true };
}

/** Saves the caller's community preferences. */
export async function updatePreferences(
  db: Db,
  actor: SessionUser,
  input: CommunityPreferences,
): Promise<CommunityPreferences> {
  await upsertPreferences(db, actor.id, input.replyEmails);
  return input;
}

/**
 * The reply digest (issue 13 §2): every thread author with new replies by others, reply e-mails
 * on, and no digest in the last 60 minutes gets one e-mail (outbox, same transaction as the claim)
 * with the number of new replies and a link to the newest thread. Safe on several instances.
 * Only for authors whose `discussion_reply` notification preference is `email` (issue 27 §2); the
 * e-mail carries one-click unsubscribe (RFC 8058). A digest claimed for anyone else is dropped.
 * @returns how many e-mails were written.
 */
export async function sendReplyDigests(deps: { db: Db; mailer: Mailer; appUrl: string }): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await claimDueDigests(tx, REPLY_DIGEST_EVERY_MINUTES, 200);
    const wanted = await emailRecipients(
      tx,
      due.map((r) => r.user_id),
      "discussion_reply",
    );
    let sent = 0;
    for (const row of due) {
      if (!wanted.has(row.user_id)) continue;
      sent += 1;
      await deps.mailer.send(tx, {
        to: row.email,
        unsubscribe: unsubscribeTarget(row.user_id, "discussion_reply", row.locale),
        ...replyDigestEmail({
          locale: row.locale ?? "vi",
          recipientName: row.name,
          replyCount: Number(row.reply_count),
          threadCount: Number(row.threads),
          discussionTitle: row.discussion_title,
          url: `${deps.appUrl}/dashboard/community?tab=discussions&discussion=${row.discussion_id}`,
          settingsUrl: `${deps.appUrl}/dashboard/community?tab=discussions`,
        }),
      });
    }
    return sent;
  });
}

/** `sendReplyDigests` every `intervalMs`, one run at a time (createIntervalWorker; started by index.ts, stopped on shutdown). */
export function createReplyDigestWorker(deps: MailWorkerDeps) {
  return createMailWorker("reply-digests", sendReplyDigests, deps, {
    sent: "reply digest e-mails queued",
    failed: "reply digests failed",
  });
}
