import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

// SQL of the Content Library (issue 27 §4, decision 0234).

type LibraryType = "course" | "landing_page" | "material";

/** Every course, landing page and material, with the owner and the review status (see libraryItemSchema). */
const ITEMS = sql`
  with items as (
    select 'course'::text as type, c.id, c.title, c.is_published as published, null::text as material_type,
           c.creator_id as owner_id, c.updated_at, c.taken_down_at, c.title_fold as fold,
           '/join/' || c.id::text as link
    from courses c
    union all
    select 'landing_page', lp.id, lp.title, lp.is_published, null, lp.creator_id, lp.updated_at,
           lp.taken_down_at, academy_fold(lp.title), '/lp/' || lp.slug
    from landing_pages lp
    union all
    select 'material', m.id, m.title, m.taken_down_at is null, m.type, m.creator_id, m.created_at,
           m.taken_down_at, academy_fold(m.title), null
    from materials m
  )
  select i.type, i.id::text as id, i.title, i.published, i.material_type, i.updated_at, i.link,
         i.taken_down_at is not null as taken_down,
         r.status as decision, r.reason, r.reviewed_at,
         case when r.status is null or i.updated_at > r.reviewed_at then 'pending' else r.status end as status,
         p.full_name as owner_name, p.email as owner_email, p.name_fold, p.email_fold, i.fold
  from items i
  left join content_reviews r on r.target_type = i.type and r.target_id = i.id
  left join profiles p on p.user_id = i.owner_id`;

export interface LibraryRow {
  type: LibraryType;
  id: string;
  title: string;
  published: boolean;
  material_type: string | null;
  updated_at: string | Date;
  link: string | null;
  taken_down: boolean;
  reason: string | null;
  reviewed_at: string | Date | null;
  status: "pending" | "approved" | "rejected";
  owner_name: string | null;
  owner_email: string | null;
  total: number | string;
}

/**
 * A page of the Content Library, most recently changed first. `pattern` is a folded LIKE pattern
 * (likePattern) matched against the title, the owner's name and e-mail (accent-insensitive).
 */
export async function selectLibrary(
  db: Executor,
  opts: {
    type: LibraryType | "all";
    status: "pending" | "approved" | "rejected" | "all";
    pattern?: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: LibraryRow[]; total: number }> {
  const conditions = [sql`true`];
  if (opts.type !== "all") conditions.push(sql`x.type = ${opts.type}`);
  if (opts.status !== "all") conditions.push(sql`x.status = ${opts.status}`);
  if (opts.pattern)
    conditions.push(sql`(x.fold like ${opts.pattern} escape '\\' or coalesce(x.name_fold, '') like ${opts.pattern} escape '\\'
      or coalesce(x.email_fold, '') like ${opts.pattern} escape '\\')`);
  const result = await db.execute(sql`
    select x.*, count(*) over () as total
    from (${ITEMS}) x
    where ${sql.join(conditions, sql` and `)}
    order by x.updated_at desc, x.type, x.id
    limit ${opts.pageSize} offset ${(opts.page - 1) * opts.pageSize}`);
  const rows = (result as unknown as { rows: LibraryRow[] }).rows;
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && opts.page > 1) {
    const counted = await db.execute(sql`
      select count(*)::int as total from (${ITEMS}) x where ${sql.join(conditions, sql` and `)}`);
    total = Number((counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
  }
  return { rows, total };
}

const TABLE = { course: sql`courses`, landing_page: sql`landing_pages`, material: sql`materials` } as const;

/** Locks the item's row; @returns its owner and title, or undefined when it does not exist. */
export async function lockLibraryItem(db: Executor, type: LibraryType, id: string) {
  const result = await db.execute(sql`
    select creator_id as owner_id, title, taken_down_at is not null as taken_down
    from ${TABLE[type]} where id = ${id}::uuid for update`);
  return (result as unknown as { rows: { owner_id: string; title: string; taken_down: boolean }[] }).rows[0];
}

/**
 * Records the decision (one row per item, replaced) at the transaction's time, and takes the item
 * down (rejected: unpublished with taken_down_at set, like a hidden report; updated_at is left
 * alone, so the take-down itself is not a change after the decision) or lifts a take-down
 * (approved), answering a waiting review request of the same item.
 */
export async function writeLibraryDecision(
  db: Executor,
  input: {
    type: LibraryType;
    id: string;
    decision: "approved" | "rejected";
    reason: string | null;
    adminId: string;
  },
): Promise<void> {
  await db.execute(sql`
    insert into content_reviews (target_type, target_id, status, reason, reviewed_by, reviewed_at)
    values (${input.type}, ${input.id}::uuid, ${input.decision}, ${input.reason}, ${input.adminId}, now())
    on conflict (target_type, target_id) do update
      set status = excluded.status, reason = excluded.reason, reviewed_by = excluded.reviewed_by,
          reviewed_at = excluded.reviewed_at`);
  if (input.decision === "rejected") {
    if (input.type === "material")
      await db.execute(sql`update materials set taken_down_at = now() where id = ${input.id}::uuid`);
    else
      await db.execute(sql`
        update ${TABLE[input.type]} set is_published = false, taken_down_at = now()
        where id = ${input.id}::uuid`);
  } else {
    await db.execute(sql`update ${TABLE[input.type]} set taken_down_at = null where id = ${input.id}::uuid`);
    // A review request waiting for the same item is answered by this approval.
    if (input.type !== "material")
      await db.execute(sql`
        update content_reports set status = 'approved', reviewed_by = ${input.adminId}, reviewed_at = now(),
          review_note = 'Approved in the Content Library'
        where kind = 'appeal' and status = 'pending' and target_type = ${input.type} and target_id = ${input.id}`);
  }
}
