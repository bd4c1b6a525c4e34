import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { rowsOf } from "./community.queries.ts";

// SQL of community preferences and the reply digest claim (issue 13 §2).

export async function getPreferences(db: Executor, userId: string) {
  const result = await db.execute(
    sql`select reply_emails from community_preferences where user_id = ${userId}`,
  );
  return rowsOf<{ reply_emails: boolean }>(result)[0];
}

export async function upsertPreferences(db: Executor, userId: string, replyEmails: boolean) {
  await db.execute(sql`
    insert into community_preferences (user_id, reply_emails) values (${userId}, ${replyEmails})
    on conflict (user_id) do update set reply_emails = excluded.reply_emails`);
}

export interface DigestRow {
  user_id: string;
  email: string;
  name: string | null;
  locale: "en" | "vi" | null;
  reply_count: number | string;
  discussion_id: string;
  discussion_title: string;
  threads: number | string;
}

/**
 * Claims every thread author with replies by others since their last digest (and within a day),
 * whose reply e-mails are on and whose last digest is older than `everyMinutes`: sets
 * last_digest_at = now() (row-locked upsert, so several instances never claim one author twice).
 * @returns one row per claimed author: reply count, thread count and the newest thread.
 */
export async function claimDueDigests(
  tx: Executor,
  everyMinutes: number,
  limit: number,
): Promise<DigestRow[]> {
  const due = rowsOf<DigestRow>(
    await tx.execute(sql`
      with pending as (
        select d.author_id as user_id, d.id as discussion_id, d.title, r.created_at
        from discussion_replies r
        join discussions d on d.id = r.discussion_id
        left join community_preferences cp on cp.user_id = d.author_id
        where r.author_id <> d.author_id
          and r.created_at > now() - interval '1 day'
          and r.created_at > coalesce(cp.last_digest_at, '-infinity'::timestamptz)
          and coalesce(cp.reply_emails, true)
          and (cp.last_digest_at is null or cp.last_digest_at < now() - make_interval(mins => ${everyMinutes}))
      ), per_user as (
        select user_id, count(*) as reply_count, count(distinct discussion_id) as threads,
          (array_agg(discussion_id order by created_at desc))[1] as discussion_id,
          (array_agg(title order by created_at desc))[1] as discussion_title
        from pending group by user_id limit ${limit}
      )
      select pu.*, u.email, p.full_name as name, p.locale
      from per_user pu join "user" u on u.id = pu.user_id left join profiles p on p.user_id = pu.user_id`),
  );
  const claimed: DigestRow[] = [];
  for (const row of due) {
    const result = await tx.execute(sql`
      insert into community_preferences (user_id, last_digest_at) values (${row.user_id}, now())
      on conflict (user_id) do update set last_digest_at = now()
      where community_preferences.reply_emails
        and (community_preferences.last_digest_at is null or community_preferences.last_digest_at < now() - make_interval(mins => ${everyMinutes}))
      returning user_id`);
    if (rowsOf(result).length) claimed.push(row);
  }
  return claimed;
}
