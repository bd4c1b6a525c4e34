import { type FeatureRequest, type featureRequestCreateSchema, HELP_MESSAGES } from "@academy/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { requireAdmin } from "../../auth/roles.ts";
import type { Db } from "../../db/client.ts";
import { featureRequests, featureVotes, profiles } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { recordAudit } from "../admin/admin.service.ts";
import { HELP_PAGE_SIZE, iso, isUuid, signedIn } from "./help.shared.ts";

// The roadmap of the help centre (spec 001 §3): feature requests and votes.

/**
 * Feature requests sorted by votes (then newest), 20 a page, with the caller's vote (spec 001 §3
 * hasVoted). Everyone signed in sees the whole roadmap. @throws UNAUTHORIZED.
 */
export async function listFeatureRequests(
  db: Db,
  actor: SessionUser | null,
  opts: { page: number; category?: string },
) {
  const user = signedIn(actor);
  const author = alias(profiles, "author");
  const where = opts.category ? eq(featureRequests.category, opts.category) : undefined;
  const rows = await db
    .select({
      id: featureRequests.id,
      title: featureRequests.title,
      description: featureRequests.description,
      category: featureRequests.category,
      status: featureRequests.status,
      votes: featureRequests.vote_count,
      created_at: featureRequests.created_at,
      author_name: author.full_name,
      author_email: author.email,
      has_voted: sql<boolean>`exists (select 1 from ${featureVotes} where ${featureVotes.request_id} = ${featureRequests.id} and ${featureVotes.user_id} = ${user.id})`,
    })
    .from(featureRequests)
    .leftJoin(author, eq(author.user_id, featureRequests.author_id))
    .where(where)
    .orderBy(desc(featureRequests.vote_count), desc(featureRequests.created_at), desc(featureRequests.id))
    .limit(HELP_PAGE_SIZE)
    .offset((opts.page - 1) * HELP_PAGE_SIZE);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(featureRequests)
    .where(where);
  return {
    requests: rows.map(
      (r): FeatureRequest => ({
        id: r.id,
        title: r.title,
        description: r.description,
        category: r.category as FeatureRequest["category"],
        status: r.status as FeatureRequest["status"],
        votes: r.votes,
        hasVoted: Boolean(r.has_voted),
        submittedBy: r.author_name ?? r.author_email ?? "—",
        createdAt: iso(r.created_at),
      }),
    ),
    total,
    page: opts.page,
    pageSize: HELP_PAGE_SIZE,
  };
}

/**
 * Submits a feature request (spec 001 §4: starts under-review with 1 vote — its author's).
 * @throws UNAUTHORIZED. @returns the new request's id.
 */
export async function createFeatureRequest(
  db: Db,
  actor: SessionUser | null,
  input: z.output<typeof featureRequestCreateSchema>,
): Promise<{ id: string }> {
  const user = signedIn(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(featureRequests)
      .values({ ...input, author_id: user.id, vote_count: 1 })
      .returning({ id: featureRequests.id });
    await tx.insert(featureVotes).values({ request_id: row.id, user_id: user.id });
    return { id: row.id };
  });
}

/**
 * Toggles the caller's vote (spec 001 §4: voting toggles one vote). The request row is locked,
 * so concurrent toggles are serialised and vote_count always equals the votes stored.
 * @throws UNAUTHORIZED, NOT_FOUND. @returns the new count and whether the caller now votes.
 */
export async function toggleVote(db: Db, actor: SessionUser | null, id: string) {
  const user = signedIn(actor);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", HELP_MESSAGES.requestNotFound);
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({ id: featureRequests.id })
      .from(featureRequests)
      .where(eq(featureRequests.id, id))
      .for("update");
    if (!request) throw new AppError("NOT_FOUND", HELP_MESSAGES.requestNotFound);
    const removed = await tx
      .delete(featureVotes)
      .where(and(eq(featureVotes.request_id, id), eq(featureVotes.user_id, user.id)))
      .returning({ u: featureVotes.user_id });
    if (removed.length === 0) await tx.insert(featureVotes).values({ request_id: id, user_id: user.id });
    const [row] = await tx
      .update(featureRequests)
      .set({ vote_count: sql`${featureRequests.vote_count} + ${removed.length === 0 ? 1 : -1}` })
      .where(eq(featureRequests.id, id))
      .returning({ votes: featureRequests.vote_count });
    return { votes: row.votes, hasVoted: removed.length === 0 };
  });
}

/** Admins set a request's status (under-review, planned, in-progress, completed), audited. @throws FORBIDDEN, NOT_FOUND. */
export async function setFeatureStatus(
  db: Db,
  actor: SessionUser | null,
  id: string,
  status: FeatureRequest["status"],
): Promise<void> {
  const admin = await requireAdmin(db, actor);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", HELP_MESSAGES.requestNotFound);
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ status: featureRequests.status, title: featureRequests.title })
      .from(featureRequests)
      .where(eq(featureRequests.id, id))
      .for("update");
    if (!old) throw new AppError("NOT_FOUND", HELP_MESSAGES.requestNotFound);
    await tx
      .update(featureRequests)
      .set({ status, updated_at: new Date() })
      .where(eq(featureRequests.id, id));
    await recordAudit(
      tx,
      { id: admin.id, email: admin.email },
      {
        action: "feature_request.status",
        targetType: "feature_request",
        targetId: id,
        before: { status: old.status, title: old.title },
        after: { status, title: old.title },
      },
    );
  });
}
