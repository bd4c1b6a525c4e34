import {
  type FaqEntry,
  type faqInputSchema,
  foldSearch,
  type Guide,
  type guideInputSchema,
  HELP_MESSAGES,
} from "@academy/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { requireAdmin, roleOf } from "../../auth/roles.ts";
import type { Db } from "../../db/client.ts";
import { faqEntries, guides } from "../../db/schema/index.ts";
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { recordAudit } from "../admin/admin.service.ts";
import { isUuid, signedIn } from "./help.shared.ts";

function toFaq(row: typeof faqEntries.$inferSelect): FaqEntry {
  return {
    id: row.id,
    audience: row.audience as FaqEntry["audience"],
    category: row.category as FaqEntry["category"],
    questionEn: row.question_en,
    answerEn: row.answer_en,
    questionVi: row.question_vi,
    answerVi: row.answer_vi,
    sortOrder: row.sort_order,
  };
}

/**
 * The FAQ for the caller's role (creators: all + creator entries; students: all + student;
 * admins: everything), searched accent-insensitively in both languages, optionally by category.
 * @throws UNAUTHORIZED.
 */
export async function listFaq(
  db: Db,
  actor: SessionUser | null,
  opts: { search?: string; category?: string },
): Promise<FaqEntry[]> {
  const user = signedIn(actor);
  const role = await roleOf(db, user.id);
  const audience =
    role === "admin"
      ? undefined
      : sql`${faqEntries.audience} in ('all', ${role === "student" ? "student" : "creator"})`;
  const q = opts.search ? `%${foldSearch(opts.search).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select()
    .from(faqEntries)
    .where(
      and(
        audience,
        opts.category ? eq(faqEntries.category, opts.category) : undefined,
        q
          ? sql`academy_fold(${faqEntries.question_en} || ' ' || ${faqEntries.answer_en} || ' ' || ${faqEntries.question_vi} || ' ' || ${faqEntries.answer_vi}) like ${q} escape '\\'`
          : undefined,
      ),
    )
    .orderBy(asc(faqEntries.sort_order), asc(faqEntries.created_at));
  return rows.map(toFaq);
}

/** Adds (id undefined) or edits an FAQ entry, audited. @throws FORBIDDEN, NOT_FOUND. */
export async function saveFaq(
  db: Db,
  actor: SessionUser | null,
  id: string | undefined,
  input: z.output<typeof faqInputSchema>,
): Promise<FaqEntry> {
  const admin = await requireAdmin(db, actor);
  const values = {
    audience: input.audience,
    category: input.category,
    question_en: input.questionEn,
    answer_en: input.answerEn,
    question_vi: input.questionVi,
    answer_vi: input.answerVi,
    sort_order: input.sortOrder,
  };
  return db.transaction(async (tx) => {
    let before: FaqEntry | null = null;
    let row: typeof faqEntries.$inferSelect;
    if (id) {
      const [old] = isUuid(id)
        ? await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for("update")
        : [];
      if (!old) throw new AppError("NOT_FOUND", "FAQ entry not found.");
      before = toFaq(old);
      [row] = await tx
        .update(faqEntries)
        .set({ ...values, updated_at: new Date() })
        .where(eq(faqEntries.id, id))
        .returning();
    } else {
      [row] = await tx.insert(faqEntries).values(values).returning();
    }
    const after = toFaq(row);
    await recordAudit(
      tx,
      { id: admin.id, email: admin.email },
      {
        action: id ? "faq.update" : "faq.create",
        targetType: "faq",
        targetId: row.id,
        before,
        after,
      },
    );
    return after;
  });
}

/** Deletes an FAQ entry, audited. @throws FORBIDDEN, NOT_FOUND. */
export async function deleteFaq(db: Db, actor: SessionUser | null, id: string): Promise<void> {
  const admin = await requireAdmin(db, actor);
  await db.transaction(async (tx) => {
    const [old] = isUuid(id)
      ? await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for("update")
      : [];
    if (!old) throw new AppError("NOT_FOUND", "FAQ entry not found.");
    await tx.delete(faqEntries).where(eq(faqEntries.id, id));
    await recordAudit(
      tx,
      { id: admin.id, email: admin.email },
      {
        action: "faq.delete",
        targetType: "faq",
        targetId: id,
        before: toFaq(old),
        after: null,
      },
    );
  });
}

function toGuide(g: typeof guides.$inferSelect): Guide {
  return {
    id: g.id,
    slug: g.slug,
    audience: g.audience as Guide["audience"],
    titleEn: g.title_en,
    bodyEn: g.body_en,
    titleVi: g.title_vi,
    bodyVi: g.body_vi,
    sortOrder: g.sort_order,
    isPublished: g.is_published,
  };
}

/**
 * The guides (markdown) for the caller's role, in order: published ones for their audience;
 * admins get every guide, unpublished ones included (issue 14 Guides). @throws UNAUTHORIZED.
 */
export async function listGuides(db: Db, actor: SessionUser | null): Promise<Guide[]> {
  const user = signedIn(actor);
  const role = await roleOf(db, user.id);
  const rows = await db
    .select()
    .from(guides)
    .where(
      role === "admin"
        ? undefined
        : and(
            eq(guides.is_published, true),
            sql`${guides.audience} in ('all', ${role === "student" ? "student" : "creator"})`,
          ),
    )
    .orderBy(asc(guides.sort_order), asc(guides.created_at));
  return rows.map(toGuide);
}

/**
 * A guide's markdown made safe to store: raw HTML (tags and comments) is removed and links or
 * images to javascript:, vbscript: or data: addresses lose their target. The web app renders the
 * rest through marked and DOMPurify as well (issue 14 Guides: sanitised content).
 */
export function cleanGuideMarkdown(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
    .replace(/<\/?[a-z][^<>]*>/gi, "")
    .replace(/\]\(\s*<?\s*(?:javascript|vbscript|data):[^)]*\)/gi, "](#)")
    .replace(/^(\s*\[[^\]]+\]:\s*)(?:javascript|vbscript|data):\S*/gim, "$1#");
}

/** "Getting started: 5 steps!" → "getting-started-5-steps" (Vietnamese letters folded), at most 80 characters. */
function guideSlug(title: string): string {
  const slug = foldSearch(title)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "guide";
}

/**
 * Adds (id undefined) or edits a guide (admins), audited in the same transaction. The markdown is
 * cleaned (`cleanGuideMarkdown`); an empty slug is made from the English title, with -2, -3… when
 * taken. @throws FORBIDDEN, NOT_FOUND, CONFLICT when a typed slug is another guide's.
 */
export async function saveGuide(
  db: Db,
  actor: SessionUser | null,
  id: string | undefined,
  input: z.output<typeof guideInputSchema>,
): Promise<Guide> {
  const admin = await requireAdmin(db, actor);
  const values = {
    audience: input.audience,
    title_en: input.titleEn,
    body_en: cleanGuideMarkdown(input.bodyEn),
    title_vi: input.titleVi,
    body_vi: cleanGuideMarkdown(input.bodyVi),
    sort_order: input.sortOrder,
    is_published: input.isPublished,
  };
  try {
    return await db.transaction(async (tx) => {
      let old: typeof guides.$inferSelect | undefined;
      if (id) {
        [old] = isUuid(id) ? await tx.select().from(guides).where(eq(guides.id, id)).for("update") : [];
        if (!old) throw new AppError("NOT_FOUND", HELP_MESSAGES.guideNotFound);
      }
      let slug = input.slug || (old?.slug ?? "");
      if (!slug) {
        const base = guideSlug(input.titleEn);
        const taken = new Set(
          (
            await tx
              .select({ slug: guides.slug })
              .from(guides)
              .where(sql`${guides.slug} = ${base} or ${guides.slug} like ${`${base}-%`}`)
          ).map((r) => r.slug),
        );
        slug = base;
        for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
      }
      const [row] = old
        ? await tx
            .update(guides)
            .set({ ...values, slug, updated_at: new Date() })
            .where(eq(guides.id, old.id))
            .returning()
        : await tx
            .insert(guides)
            .values({ ...values, slug })
            .returning();
      const after = toGuide(row);
      await recordAudit(
        tx,
        { id: admin.id, email: admin.email },
        {
          action: old ? "guide.update" : "guide.create",
          targetType: "guide",
          targetId: row.id,
          before: old ? toGuide(old) : null,
          after,
        },
      );
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", HELP_MESSAGES.guideSlugTaken);
    throw error;
  }
}

/** Publishes or unpublishes a guide (admins), audited. @throws FORBIDDEN, NOT_FOUND. */
export async function setGuidePublished(
  db: Db,
  actor: SessionUser | null,
  id: string,
  isPublished: boolean,
): Promise<Guide> {
  const admin = await requireAdmin(db, actor);
  return db.transaction(async (tx) => {
    const [old] = isUuid(id) ? await tx.select().from(guides).where(eq(guides.id, id)).for("update") : [];
    if (!old) throw new AppError("NOT_FOUND", HELP_MESSAGES.guideNotFound);
    const [row] = await tx
      .update(guides)
      .set({ is_published: isPublished, updated_at: new Date() })
      .where(eq(guides.id, id))
      .returning();
    const after = toGuide(row);
    await recordAudit(
      tx,
      { id: admin.id, email: admin.email },
      {
        action: isPublished ? "guide.publish" : "guide.unpublish",
        targetType: "guide",
        targetId: id,
        before: { isPublished: old.is_published },
        after: { isPublished },
      },
    );
    return after;
  });
}

/** Deletes a guide (admins), audited with the deleted guide. @throws FORBIDDEN, NOT_FOUND. */
export async function deleteGuide(db: Db, actor: SessionUser | null, id: string): Promise<void> {
  const admin = await requireAdmin(db, actor);
  await db.transaction(async (tx) => {
    const [old] = isUuid(id) ? await tx.select().from(guides).where(eq(guides.id, id)).for("update") : [];
    if (!old) throw new AppError("NOT_FOUND", HELP_MESSAGES.guideNotFound);
    await tx.delete(guides).where(eq(guides.id, id));
    await recordAudit(
      tx,
      { id: admin.id, email: admin.email },
      { action: "guide.delete", targetType: "guide", targetId: id, before: toGuide(old), after: null },
    );
  });
}
