import { ACCOUNT_MESSAGES, DATA_EXPORTS_PER_HOUR } from "@academy/shared";
import { asc, eq, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { strToU8, zipSync } from "fflate";
import type { Db } from "../../db/client.ts";
import {
  certificates,
  conversations,
  courseReviews,
  courses,
  discussionReplies,
  discussions,
  enrollments,
  lessonProgress,
  lessons,
  messages,
  orders,
  profiles,
} from "../../db/schema/index.ts";
import { toCsv } from "../../lib/csv.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { certificateVerifyUrl } from "../certificates/certificates.service.ts";

/** One table of the export: written as `{name}.json` (an array of rows) and `{name}.csv`. */
interface ExportTable {
  name: string;
  rows: Array<Record<string, string | number | boolean | null>>;
}

/** A date as ISO 8601 in UTC, or null. */
const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

const README = `Academy — your data / Dữ liệu của bạn

Each table is given twice: as JSON (an array of rows) and as CSV (UTF-8, opens in a spreadsheet).
Mỗi bảng có hai dạng: JSON (một mảng các dòng) và CSV (UTF-8, mở được bằng bảng tính).

profile.json        your profile / hồ sơ của bạn
enrolments          your enrolments / các khóa học bạn đã ghi danh
progress            your progress per lesson; time_spent_seconds in seconds / tiến độ từng bài học (giây)
certificates        your certificates and their verification pages / chứng chỉ và trang xác minh
orders              what you bought; amounts in the currency's smallest unit (VND: whole đồng) /
                    đơn hàng của bạn; số tiền theo đơn vị nhỏ nhất (VND: đồng)
posts               your discussions and replies in the community / bài thảo luận và trả lời của bạn
messages            messages in your conversations with teachers and students / tin nhắn trong các cuộc trò chuyện
reviews             your course reviews / đánh giá khóa học của bạn

Dates are ISO 8601 in UTC. / Ngày giờ theo ISO 8601, múi giờ UTC.
`;

/**
 * Everything Academy holds about the acting person as a ZIP archive (issue 24 §8; GDPR-style
 * "download your data"): `README.txt`, `profile.json`, and `enrolments`, `progress`, `certificates`,
 * `orders`, `posts`, `messages`, `reviews` each as `.json` (array of rows) and `.csv` (UTF-8 with
 * BOM, formula-safe). Dates are ISO 8601 UTC; order amounts are integers in the currency's smallest
 * unit (VND: whole đồng); lesson time in seconds. Messages are those of the person's conversations,
 * both directions, with the sender's name.
 * Limited to {@link DATA_EXPORTS_PER_HOUR} downloads per person per hour.
 * @param appUrl the platform's absolute origin (no trailing slash), for certificate verification URLs.
 * @returns the archive's bytes.
 * @throws AppError RATE_LIMITED (`exportTooOften`) past the hourly limit; NOT_FOUND without a profile.
 */
export async function exportMyData(db: Db, actor: SessionUser, appUrl: string): Promise<Uint8Array> {
  if (!(await hitRateLimit(db, `data-export:user:${actor.id}`, 3600, DATA_EXPORTS_PER_HOUR))) {
    throw new AppError("RATE_LIMITED", ACCOUNT_MESSAGES.exportTooOften);
  }
  const [profile] = await db.select().from(profiles).where(eq(profiles.user_id, actor.id)).limit(1);
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found.");

  const enrolmentRows = await db
    .select({ e: enrollments, courseTitle: courses.title, courseSlug: courses.slug })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .where(eq(enrollments.student_id, actor.id))
    .orderBy(asc(enrollments.enrollment_date));

  const progressRows = await db
    .select({ p: lessonProgress, courseTitle: courses.title, lessonTitle: lessons.title })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lesson_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .where(eq(lessonProgress.student_id, actor.id))
    .orderBy(asc(courses.title), asc(lessons.order_index));

  const certificateRows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.student_id, actor.id))
    .orderBy(asc(certificates.issued_at));

  const orderRows = await db
    .select({ o: orders, courseTitle: courses.title })
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.course_id))
    .where(eq(orders.student_id, actor.id))
    .orderBy(asc(orders.created_at));

  const discussionRows = await db
    .select({ d: discussions, courseTitle: courses.title })
    .from(discussions)
    .leftJoin(courses, eq(courses.id, discussions.course_id))
    .where(eq(discussions.author_id, actor.id))
    .orderBy(asc(discussions.created_at));
  const replyRows = await db
    .select({ r: discussionReplies, discussionTitle: discussions.title })
    .from(discussionReplies)
    .innerJoin(discussions, eq(discussions.id, discussionReplies.discussion_id))
    .where(eq(discussionReplies.author_id, actor.id))
    .orderBy(asc(discussionReplies.created_at));

  const sender = alias(profiles, "sender");
  const messageRows = await db
    .select({ m: messages, courseTitle: courses.title, senderName: sender.full_name })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversation_id))
    .innerJoin(courses, eq(courses.id, conversations.course_id))
    .leftJoin(sender, eq(sender.user_id, messages.sender_id))
    .where(or(eq(conversations.student_id, actor.id), eq(conversations.teacher_id, actor.id)))
    .orderBy(asc(messages.conversation_id), asc(messages.created_at));

  const reviewRows = await db
    .select({ r: courseReviews, courseTitle: courses.title })
    .from(courseReviews)
    .innerJoin(courses, eq(courses.id, courseReviews.course_id))
    .where(eq(courseReviews.student_id, actor.id))
    .orderBy(asc(courseReviews.created_at));

  const tables: ExportTable[] = [
    {
      name: "enrolments",
      rows: enrolmentRows.map(({ e, courseTitle, courseSlug }) => ({
        course: courseTitle,
        course_slug: courseSlug,
        enrollment_date: iso(e.enrollment_date),
        payment_status: e.payment_status,
        enrollment_source: e.enrollment_source,
        progress_percent: Math.round(e.progress),
        is_completed: e.is_completed,
        completion_date: iso(e.completion_date),
        last_accessed: iso(e.last_accessed),
      })),
    },
    {
      name: "progress",
      rows: progressRows.map(({ p, courseTitle, lessonTitle }) => ({
        course: courseTitle,
        lesson: lessonTitle,
        is_completed: p.is_completed,
        progress_percent: Math.round(p.progress),
        time_spent_seconds: p.time_spent,
        last_accessed: iso(p.last_accessed),
        completed_at: iso(p.completed_at),
      })),
    },
    {
      name: "certificates",
      rows: certificateRows.map((c) => ({
        id: c.id,
        course: c.course_title,
        school: c.school_name,
        name_on_certificate: c.student_name,
        completion_date: iso(c.completion_date),
        issued_at: iso(c.issued_at),
        verification_url: certificateVerifyUrl(appUrl, c.id),
      })),
    },
    {
      name: "orders",
      rows: orderRows.map(({ o, courseTitle }) => ({
        reference: o.reference,
        course: courseTitle,
        method: o.method,
        list_amount: o.list_amount,
        discount_amount: o.discount_amount,
        amount: o.amount,
        currency: o.currency,
        coupon_code: o.coupon_code,
        status: o.status,
        created_at: iso(o.created_at),
        paid_at: iso(o.paid_at),
        refunded_at: iso(o.refunded_at),
      })),
    },
    {
      name: "posts",
      rows: [
        ...discussionRows.map(({ d, courseTitle }) => ({
          kind: "discussion",
          course: courseTitle,
          title: d.title,
          body: d.body,
          created_at: iso(d.created_at),
        })),
        ...replyRows.map(({ r, discussionTitle }) => ({
          kind: "reply",
          course: null,
          title: discussionTitle,
          body: r.body,
          created_at: iso(r.created_at),
        })),
      ],
    },
    {
      name: "messages",
      rows: messageRows.map(({ m, courseTitle, senderName }) => ({
        conversation_id: m.conversation_id,
        course: courseTitle,
        from: m.sender_id === actor.id ? (profile.full_name ?? profile.email) : (senderName ?? ""),
        sent_by_me: m.sender_id === actor.id,
        content: m.content,
        created_at: iso(m.created_at),
      })),
    },
    {
      name: "reviews",
      rows: reviewRows.map(({ r, courseTitle }) => ({
        course: courseTitle,
        rating: r.rating,
        body: r.body,
        creator_reply: r.reply_body,
        created_at: iso(r.created_at),
        edited_at: iso(r.edited_at),
      })),
    },
  ];

  const files: Record<string, Uint8Array> = {
    "README.txt": strToU8(README),
    "profile.json": strToU8(
      `${JSON.stringify(
        {
          full_name: profile.full_name,
          email: profile.email,
          bio: profile.bio,
          avatar_url: profile.avatar_url,
          role: profile.role,
          locale: profile.locale,
          time_zone: profile.time_zone,
          created_at: iso(profile.created_at),
        },
        null,
        2,
      )}\n`,
    ),
  };
  for (const table of tables) {
    files[`${table.name}.json`] = strToU8(`${JSON.stringify(table.rows, null, 2)}\n`);
    const header = table.rows[0] ? Object.keys(table.rows[0]) : [];
    const csv = toCsv(
      table.rows.map((row) => header.map((key) => row[key] ?? "")),
      header,
    );
    files[`${table.name}.csv`] = strToU8(`\uFEFF${csv}\r\n`);
  }
  return zipSync(files, { level: 6, mtime: new Date() });
}
