import {
  type contactInstructorSchema,
  HELP_MESSAGES,
  type Ticket,
  type TicketDetail,
  type ticketCreateSchema,
} from "@academy/shared";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { roleOf } from "../../auth/roles.ts";
import type { Db, Executor } from "../../db/client.ts";
import { courses, enrollments, profiles, supportTickets, ticketReplies } from "../../db/schema/index.ts";
import { noticeEmail } from "../../email/templates.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { getPlatformSettings } from "../../lib/platform-settings.ts";
import { recordAudit } from "../admin/admin.service.ts";
import { notify as notifyPeople } from "../notifications/notifications.service.ts";
import { HELP_PAGE_SIZE, type HelpDeps, iso, isUuid, signedIn } from "./help.shared.ts";

// Tickets of the help centre (spec 001 §4 Tickets; issue 14): to the platform or a course's instructor.

/**
 * New tickets (platform tickets and contact-instructor messages, counted apart) one user may file
 * per hour; every contact e-mails the instructor (issue 25 N11).
 */
export const TICKETS_PER_HOUR = 5;
/** Replies one requester may add to their tickets per hour; each e-mails the other side (issue 25 N11). */
export const TICKET_REPLIES_PER_HOUR = 20;

/** Counts one use of `kind` for `userId`. @throws AppError RATE_LIMITED with `message` over `max` an hour. */
async function limitPerHour(db: Executor, kind: string, userId: string, max: number, message: string) {
  if (!(await hitRateLimit(db, `help:${kind}:${userId}`, 3600, max)))
    throw new AppError("RATE_LIMITED", message);
}

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
 * description required). Any signed-in user, at most TICKETS_PER_HOUR an hour.
 * @throws UNAUTHORIZED, RATE_LIMITED (HELP_MESSAGES.tooManyTickets).
 */
export async function createTicket(
  db: Db,
  actor: SessionUser | null,
  input: z.output<typeof ticketCreateSchema>,
): Promise<TicketDetail> {
  const user = signedIn(actor);
  await limitPerHour(db, "tickets", user.id, TICKETS_PER_HOUR, HELP_MESSAGES.tooManyTickets);
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
 * The instructor is e-mailed; at most TICKETS_PER_HOUR contacts an hour per student.
 * @throws UNAUTHORIZED, FORBIDDEN (not enrolled), BAD_REQUEST (no course), RATE_LIMITED
 * (HELP_MESSAGES.tooManyTickets).
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
  await limitPerHour(deps.db, "contact", user.id, TICKETS_PER_HOUR, HELP_MESSAGES.tooManyTickets);
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
 * Settings). A requester adds at most TICKET_REPLIES_PER_HOUR replies an hour (answerers are not
 * limited). @throws UNAUTHORIZED, FORBIDDEN, NOT_FOUND, RATE_LIMITED (HELP_MESSAGES.tooManyReplies).
 */
export async function replyToTicket(deps: HelpDeps, actor: SessionUser | null, id: string, body: string) {
  const user = signedIn(actor);
  await deps.db.transaction(async (tx) => {
    const { row, staff } = await loadTicket(tx, user, id, true);
    const fromRequester = user.id === row.requester_id;
    if (fromRequester)
      await limitPerHour(tx, "replies", user.id, TICKET_REPLIES_PER_HOUR, HELP_MESSAGES.tooManyReplies);
    await tx.insert(ticketReplies).values({ ticket_id: id, author_id: user.id, body });
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
    // issue 27 §2: the other side's bell too (the ticket e-mail stays essential: always sent).
    const bell = (userId: string) =>
      notifyPeople(
        tx,
        {
          userIds: [userId],
          type: "ticket_reply",
          data: { actorName: user.name || undefined, title: row.subject },
          link: `/dashboard/help?tab=tickets&ticket=${id}`,
        },
        deps,
      );
    if (staff && !fromRequester) {
      await sendTicketMail(tx, deps, row.requester_email, row.requester_locale, mail);
      await bell(row.requester_id);
    } else if (row.kind === "instructor" && row.instructor_id) {
      await notify(tx, deps, row.instructor_id, mail);
      if (row.instructor_id !== user.id) await bell(row.instructor_id);
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
