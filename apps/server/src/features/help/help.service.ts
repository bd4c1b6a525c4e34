import {
  type contactInstructorSchema,
  type FaqEntry,
  type FeatureRequest,
  type faqInputSchema,
  type featureRequestCreateSchema,
  foldSearch,
  type Guide,
  type guideInputSchema,
  HELP_MESSAGES,
  type Ticket,
  type TicketDetail,
  type ticketCreateSchema,
} from "@academy/shared";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { requireAdmin, roleOf } from "../../auth/roles.ts";
import type { Db, Executor } from "../../db/client.ts";
import {
  courses,
  enrollments,
  faqEntries,
  featureRequests,
  featureVotes,
  guides,
  profiles,
  supportTickets,
  ticketReplies,
} from "../../db/schema/index.ts";
import type { Mailer } from "../../email/mailer.ts";
import { noticeEmail } from "../../email/templates.ts";
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { getPlatformSettings, recordAudit } from "../admin/admin.service.ts";

/** Rows per page of tickets and feature requests. */
export const HELP_PAGE_SIZE = 20;

export interface HelpDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

function signedIn(actor: SessionUser | null): SessionUser {
  if (!actor) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  return actor;
}
const iso = (d: Date | string) => new Date(d).toISOString();
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

// ---------------------------------------------------------------- FAQ and guides

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

// ---------------------------------------------------------------- Tickets

const requester = alias(profiles, "requester");
const replyAuthor = alias(profiles, "reply_author");

const ticketColumns = {
  id: supportTickets.id,
  kind: supportTickets.kind,
  requester_id: supportTickets.requester_id,
  instructor_id: supportTickets.instructor_id,
  subject: supportTickets.subject,
  description: supportTickets.description,
  priority: supportTickets.priority,
  status: supportTickets.status,
  created_at: supportTickets.created_at,
  updated_at: supportTickets.updated_at,
  requester_name: requester.full_name,
  requester_email: requester.email,
  requester_locale: requester.locale,
  course_title: courses.title,
  reply_count: sql<number>`(select count(*)::int from ${ticketReplies} where ${ticketReplies.ticket_id} = ${supportTickets.id})`,
};
type TicketRow = {
  id: string;
  kind: string;
  requester_id: string;
  instructor_id: string | null;
  subject: string;
  description: string;
  priority: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  requester_name: string | null;
  requester_email: string;
  requester_locale: "en" | "vi";
  course_title: string | null;
  reply_count: number;
};

/** True when `actor` answers this ticket: admins for platform tickets, the instructor for theirs (and admins). */
function manages(row: TicketRow, actorId: string, isAdmin: boolean): boolean {
  return isAdmin || (row.kind === "instructor" && row.instructor_id === actorId);
}

function toTicket(row: TicketRow, actorId: string, isAdmin: boolean): Ticket {
  return {
    id: row.id,
    kind: row.kind as Ticket["kind"],
    subject: row.subject,
    description: row.description,
    priority: row.priority as Ticket["priority"],
    status: row.status as Ticket["status"],
    requesterName: row.requester_name ?? row.requester_email,
    requesterEmail: row.requester_email,
    courseTitle: row.course_title,
    canManage: manages(row, actorId, isAdmin),
    replyCount: row.reply_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function ticketQuery(db: Executor) {
  return db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(requester, eq(requester.user_id, supportTickets.requester_id))
    .leftJoin(courses, eq(courses.id, supportTickets.course_id));
}

/**
 * Files a ticket to the platform (spec 001 §4 Tickets: new ones start open; §5 subject and
 * description required). Any signed-in user. @throws UNAUTHORIZED.
 */
export async function createTicket(
  db: Db,
  actor: SessionUser | null,
  input: z.output<typeof ticketCreateSchema>,
): Promise<TicketDetail> {
  const user = signedIn(actor);
  const [row] = await db
    .insert(supportTickets)
    .values({
      kind: "platform",
      requester_id: user.id,
      subject: input.subject,
      description: input.description,
      priority: input.priority,
    })
    .returning({ id: supportTickets.id });
  return getTicket(db, user, row.id);
}

/** The courses a student may contact the instructor of (their enrolments, newest first). */
export async function contactOptions(db: Db, actor: SessionUser | null) {
  const user = signedIn(actor);
  const teacher = alias(profiles, "teacher");
  const rows = await db
    .select({
      courseId: courses.id,
      courseTitle: courses.title,
      name: teacher.full_name,
      email: teacher.email,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .innerJoin(teacher, eq(teacher.user_id, courses.creator_id))
    .where(and(eq(enrollments.student_id, user.id), sql`${courses.creator_id} <> ${user.id}`))
    .orderBy(desc(enrollments.enrollment_date));
  return {
    courses: rows.map((r) => ({
      courseId: r.courseId,
      courseTitle: r.courseTitle,
      instructorName: r.name ?? r.email,
    })),
  };
}

/**
 * A student's message to the teacher of one of their courses (spec 001 §5 Student contact
 * message): a ticket of kind "instructor". Without courseId the newest enrolment's course is used.
 * The instructor is e-mailed. @throws UNAUTHORIZED, FORBIDDEN (not enrolled), BAD_REQUEST (no course).
 */
export async function contactInstructor(
  deps: HelpDeps,
  actor: SessionUser | null,
  input: z.output<typeof contactInstructorSchema>,
): Promise<TicketDetail> {
  const user = signedIn(actor);
  const { courses: options } = await contactOptions(deps.db, user);
  const course = input.courseId ? options.find((o) => o.courseId === input.courseId) : options[0];
  if (!course) {
    if (input.courseId) throw new AppError("FORBIDDEN", HELP_MESSAGES.notYourCourse);
    throw new AppError("BAD_REQUEST", HELP_MESSAGES.noInstructor);
  }
  const id = await deps.db.transaction(async (tx) => {
    const [c] = await tx
      .select({ creator: courses.creator_id })
      .from(courses)
      .where(eq(courses.id, course.courseId));
    const [row] = await tx
      .insert(supportTickets)
      .values({
        kind: "instructor",
        requester_id: user.id,
        instructor_id: c.creator,
        course_id: course.courseId,
        subject: input.subject,
        description: input.message,
        priority: input.priority,
      })
      .returning({ id: supportTickets.id });
    await notify(tx, deps, c.creator, {
      ticketId: row.id,
      subject: input.subject,
      en: `${user.name || user.email} sent you a message about "${course.courseTitle}".`,
      vi: `${user.name || user.email} đã gửi cho bạn một tin nhắn về "${course.courseTitle}".`,
      body: input.message,
    });
    return row.id;
  });
  return getTicket(deps.db, user, id);
}

async function notify(
  tx: Executor,
  deps: HelpDeps,
  userId: string,
  m: { ticketId: string; subject: string; en: string; vi: string; body: string },
) {
  const [to] = await tx
    .select({ email: profiles.email, locale: profiles.locale })
    .from(profiles)
    .where(eq(profiles.user_id, userId));
  if (!to) return;
  await sendTicketMail(tx, deps, to.email, to.locale, m);
}

async function sendTicketMail(
  tx: Executor,
  deps: HelpDeps,
  email: string,
  locale: "en" | "vi",
  m: { ticketId: string; subject: string; en: string; vi: string; body: string },
) {
  const vi = locale === "vi";
  await deps.mailer.send(tx, {
    to: email,
    ...noticeEmail({
      template: "support-ticket",
      locale,
      subject: vi ? `Yêu cầu hỗ trợ: ${m.subject}` : `Support ticket: ${m.subject}`,
      paragraphs: [vi ? m.vi : m.en, m.body],
      label: vi ? "Mở yêu cầu" : "Open the ticket",
      url: `${deps.appUrl}/dashboard/help?tab=tickets&ticket=${m.ticketId}`,
    }),
  });
}

/**
 * The caller's tickets (spec 001 §2; issue 14 §5): box "mine" lists tickets the caller filed;
 * box "inbox" lists tickets the caller answers — admins every platform ticket (and every
 * instructor ticket), creators their students' tickets. Newest activity first, 20 a page.
 * @throws UNAUTHORIZED.
 */
export async function listTickets(
  db: Db,
  actor: SessionUser | null,
  opts: { box: "mine" | "inbox"; status: string; page: number },
) {
  const user = signedIn(actor);
  const isAdmin = (await roleOf(db, user.id)) === "admin";
  const scope =
    opts.box === "mine"
      ? eq(supportTickets.requester_id, user.id)
      : isAdmin
        ? undefined
        : and(eq(supportTickets.kind, "instructor"), eq(supportTickets.instructor_id, user.id));
  const where = and(scope, opts.status === "all" ? undefined : eq(supportTickets.status, opts.status));
  const rows = (await ticketQuery(db)
    .where(where)
    .orderBy(desc(supportTickets.updated_at), desc(supportTickets.id))
    .limit(HELP_PAGE_SIZE)
    .offset((opts.page - 1) * HELP_PAGE_SIZE)) as TicketRow[];
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(where);
  return {
    tickets: rows.map((r) => toTicket(r, user.id, isAdmin)),
    total,
    page: opts.page,
    pageSize: HELP_PAGE_SIZE,
  };
}

async function loadTicket(db: Executor, actor: SessionUser, id: string, lock = false) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", HELP_MESSAGES.ticketNotFound);
  const query = ticketQuery(db).where(eq(supportTickets.id, id));
  const [row] = (lock ? await query.for("update", { of: supportTickets }) : await query) as TicketRow[];
  if (!row) throw new AppError("NOT_FOUND", HELP_MESSAGES.ticketNotFound);
  const isAdmin = (await roleOf(db, actor.id)) === "admin";
  const staff = manages(row, actor.id, isAdmin);
  if (!staff && row.requester_id !== actor.id) throw new AppError("FORBIDDEN", "This is not your ticket.");
  return { row, isAdmin, staff };
}

/** One ticket with its thread, oldest reply first (requester, its answerer, admins). @throws UNAUTHORIZED, FORBIDDEN, NOT_FOUND. */
export async function getTicket(db: Executor, actor: SessionUser | null, id: string): Promise<TicketDetail> {
  const user = signedIn(actor);
  const { row, isAdmin } = await loadTicket(db, user, id);
  const replies = await db
    .select({
      id: ticketReplies.id,
      body: ticketReplies.body,
      created_at: ticketReplies.created_at,
      author_id: ticketReplies.author_id,
      name: replyAuthor.full_name,
      email: replyAuthor.email,
    })
    .from(ticketReplies)
    .leftJoin(replyAuthor, eq(replyAuthor.user_id, ticketReplies.author_id))
    .where(eq(ticketReplies.ticket_id, id))
    .orderBy(asc(ticketReplies.created_at), asc(ticketReplies.id));
  return {
    ...toTicket(row, user.id, isAdmin),
    replies: replies.map((r) => ({
      id: r.id,
      authorName: r.name ?? r.email ?? "—",
      fromStaff: r.author_id !== row.requester_id,
      body: r.body,
      createdAt: iso(r.created_at),
    })),
  };
}

/**
 * Adds a reply to a ticket's thread (requester or answerer). A reply by the answerer moves an
 * open ticket to pending (waiting for the requester); a reply by the requester re-opens it. The
 * other side is e-mailed (a platform ticket's requester reply goes to the support e-mail from
 * Settings). @throws UNAUTHORIZED, FORBIDDEN, NOT_FOUND.
 */
export async function replyToTicket(deps: HelpDeps, actor: SessionUser | null, id: string, body: string) {
  const user = signedIn(actor);
  await deps.db.transaction(async (tx) => {
    const { row, staff } = await loadTicket(tx, user, id, true);
    await tx.insert(ticketReplies).values({ ticket_id: id, author_id: user.id, body });
    const fromRequester = user.id === row.requester_id;
    const status = fromRequester
      ? row.status === "resolved"
        ? "resolved"
        : "open"
      : row.status === "open"
        ? "pending"
        : row.status;
    await tx.update(supportTickets).set({ status, updated_at: new Date() }).where(eq(supportTickets.id, id));
    const mail = {
      ticketId: id,
      subject: row.subject,
      en: `${user.name || user.email} replied to "${row.subject}".`,
      vi: `${user.name || user.email} đã trả lời "${row.subject}".`,
      body,
    };
    if (staff && !fromRequester) {
      await sendTicketMail(tx, deps, row.requester_email, row.requester_locale, mail);
    } else if (row.kind === "instructor" && row.instructor_id) {
      await notify(tx, deps, row.instructor_id, mail);
    } else {
      const settings = await getPlatformSettings(tx);
      await sendTicketMail(tx, deps, settings.supportEmail, settings.defaultLanguage, mail);
    }
  });
  return getTicket(deps.db, user, id);
}

/**
 * Sets a ticket's status (open → pending → resolved): its answerer (admin, or the instructor),
 * or the requester closing their own ticket (resolved only). @throws FORBIDDEN, NOT_FOUND.
 */
export async function setTicketStatus(
  db: Db,
  actor: SessionUser | null,
  id: string,
  status: "open" | "pending" | "resolved",
) {
  const user = signedIn(actor);
  await db.transaction(async (tx) => {
    const { row, staff, isAdmin } = await loadTicket(tx, user, id, true);
    if (!staff && status !== "resolved")
      throw new AppError("FORBIDDEN", "Only support can change this ticket's status.");
    await tx.update(supportTickets).set({ status, updated_at: new Date() }).where(eq(supportTickets.id, id));
    if (isAdmin) {
      await recordAudit(
        tx,
        { id: user.id, email: user.email },
        {
          action: "ticket.status",
          targetType: "ticket",
          targetId: id,
          before: { status: row.status },
          after: { status },
        },
      );
    }
  });
  return getTicket(db, user, id);
}

// ---------------------------------------------------------------- Roadmap

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
