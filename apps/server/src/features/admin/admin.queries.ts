import { and, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import {
  brandingKits,
  contentReports,
  courseReviews,
  courses,
  landingPages,
  materials,
  profiles,
  session,
  subjects,
  userSuspensions,
} from "../../db/schema/index.ts";

export type SubjectRow = typeof subjects.$inferSelect & { total_courses: number };

/** A subject's columns with its real course count (`total_courses`). */
const subjectColumns = {
  id: subjects.id,
  name: subjects.name,
  description: subjects.description,
  icon: subjects.icon,
  is_active: subjects.is_active,
  created_at: subjects.created_at,
  updated_at: subjects.updated_at,
  total_courses: sql<number>`(select count(*)::int from ${courses} c where c.subject_id = "subjects"."id")`,
};

/** Every subject with its real course count, by name. */
export async function selectSubjects(db: Executor, onlyActive = false): Promise<SubjectRow[]> {
  const rows = await db
    .select(subjectColumns)
    .from(subjects)
    .where(onlyActive ? eq(subjects.is_active, true) : undefined)
    .orderBy(sql`lower(${subjects.name})`);
  return rows;
}

export async function selectSubject(db: Executor, id: string): Promise<SubjectRow | undefined> {
  const rows = await db.select(subjectColumns).from(subjects).where(eq(subjects.id, id)).for("update");
  return rows[0];
}

const reporter = alias(profiles, "reporter");
const owner = alias(profiles, "owner");

/** A page of content reports (newest first) with reporter, owner and — where Academy owns the table — the title. */
export async function selectReports(
  db: Executor,
  opts: { status: "pending" | "approved" | "rejected" | "all"; page: number; pageSize: number },
) {
  const where = opts.status === "all" ? undefined : eq(contentReports.status, opts.status);
  const rows = await db
    .select({
      id: contentReports.id,
      target_type: contentReports.target_type,
      target_id: contentReports.target_id,
      reason: contentReports.reason,
      details: contentReports.details,
      status: contentReports.status,
      review_note: contentReports.review_note,
      reviewed_at: contentReports.reviewed_at,
      created_at: contentReports.created_at,
      reporter_email: reporter.email,
      owner_email: owner.email,
      kind: contentReports.kind,
      // What the item says and where to see it (issue 24 §4: content and a link, not a UUID).
      target_excerpt: sql<string | null>`case ${contentReports.target_type}
        when 'discussion' then (select left(d.title || ' — ' || d.body, 300) from discussions d where d.id::text = ${contentReports.target_id})
        when 'discussion_reply' then (select left(r.body, 300) from discussion_replies r where r.id::text = ${contentReports.target_id})
        when 'course_review' then (select left(r.body, 300) from ${courseReviews} r where r.id::text = ${contentReports.target_id})
        when 'course' then (select left(coalesce(${courses.short_description}, ${courses.description}, ''), 300) from ${courses} where ${courses.id}::text = ${contentReports.target_id})
        when 'landing_page' then (select left(${landingPages.description}, 300) from ${landingPages} where ${landingPages.id}::text = ${contentReports.target_id})
        else null end`,
      target_link: sql<string | null>`case ${contentReports.target_type}
        when 'course' then (select '/join/' || ${courses.id} from ${courses} where ${courses.id}::text = ${contentReports.target_id})
        when 'landing_page' then (select '/lp/' || ${landingPages.slug} from ${landingPages} where ${landingPages.id}::text = ${contentReports.target_id})
        when 'course_review' then (select '/join/' || r.course_id || '#reviews' from ${courseReviews} r where r.id::text = ${contentReports.target_id})
        when 'discussion' then (select '/dashboard/community?discussion=' || d.id from discussions d where d.id::text = ${contentReports.target_id})
        when 'discussion_reply' then (select '/dashboard/community?discussion=' || r.discussion_id from discussion_replies r where r.id::text = ${contentReports.target_id})
        else null end`,
      taken_down: sql<boolean>`case ${contentReports.target_type}
        when 'course' then exists (select 1 from ${courses} where ${courses.id}::text = ${contentReports.target_id} and ${courses.taken_down_at} is not null)
        when 'landing_page' then exists (select 1 from ${landingPages} where ${landingPages.id}::text = ${contentReports.target_id} and ${landingPages.taken_down_at} is not null)
        else false end`,
      target_title: sql<string | null>`case ${contentReports.target_type}
        when 'course' then (select ${courses.title} from ${courses} where ${courses.id}::text = ${contentReports.target_id})
        when 'landing_page' then (select ${landingPages.title} from ${landingPages} where ${landingPages.id}::text = ${contentReports.target_id})
        when 'material' then (select ${materials.title} from ${materials} where ${materials.id}::text = ${contentReports.target_id})
        when 'course_review' then (select c.title || ' · ' || repeat('★', r.rating) || case when r.body <> '' then ' · ' || left(r.body, 200) else '' end
          from ${courseReviews} r join ${courses} c on c.id = r.course_id where r.id::text = ${contentReports.target_id})
        when 'discussion' then (select d.title from discussions d where d.id::text = ${contentReports.target_id})
        when 'discussion_reply' then (select d.title from discussion_replies r join discussions d on d.id = r.discussion_id where r.id::text = ${contentReports.target_id})
        else null end`,
    })
    .from(contentReports)
    .leftJoin(reporter, eq(reporter.user_id, contentReports.reporter_id))
    .leftJoin(owner, eq(owner.user_id, contentReports.owner_id))
    .where(where)
    .orderBy(desc(contentReports.created_at), desc(contentReports.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(contentReports)
    .where(where);
  return { rows, total };
}

export async function lockReport(db: Executor, id: string) {
  const [row] = await db.select().from(contentReports).where(eq(contentReports.id, id)).for("update");
  return row;
}

/** The id of `reporterId`'s pending report of this content, if any. */
export async function findPendingReport(
  db: Executor,
  reporterId: string,
  type: string,
  id: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: contentReports.id })
    .from(contentReports)
    .where(
      and(
        eq(contentReports.reporter_id, reporterId),
        eq(contentReports.target_type, type),
        eq(contentReports.target_id, id),
        eq(contentReports.status, "pending"),
      ),
    )
    .limit(1);
  return row?.id;
}

/** The creator responsible for a reportable target and its title, or undefined when it does not exist. */
export async function findReportTarget(
  db: Executor,
  type: "course" | "landing_page" | "material" | "course_review",
  id: string,
): Promise<{ ownerId: string; title: string } | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  if (type === "course_review") {
    // A review's owner is its author (issue 24 §4: the decision e-mail goes to them).
    const [row] = await db
      .select({ ownerId: courseReviews.student_id, title: courses.title })
      .from(courseReviews)
      .innerJoin(courses, eq(courses.id, courseReviews.course_id))
      .where(eq(courseReviews.id, id));
    return row;
  }
  if (type === "course") {
    const [row] = await db
      .select({ ownerId: courses.creator_id, title: courses.title })
      .from(courses)
      .where(eq(courses.id, id));
    return row;
  }
  if (type === "landing_page") {
    const [row] = await db
      .select({ ownerId: landingPages.creator_id, title: landingPages.title })
      .from(landingPages)
      .where(eq(landingPages.id, id));
    return row;
  }
  const [row] = await db
    .select({ ownerId: materials.creator_id, title: materials.title })
    .from(materials)
    .where(eq(materials.id, id));
  return row;
}

/**
 * Hides rejected content Academy owns: a course or landing page is unpublished and taken down (its
 * owner cannot publish it again until an admin approves a review request, issue 24 §4), a course
 * review is hidden (materials stay private to their owner).
 */
export async function hideTarget(db: Executor, type: string, id: string): Promise<void> {
  if (type === "course") {
    await db
      .update(courses)
      .set({ is_published: false, taken_down_at: new Date(), updated_at: new Date() })
      .where(sql`${courses.id}::text = ${id}`);
  } else if (type === "landing_page") {
    await db
      .update(landingPages)
      .set({ is_published: false, taken_down_at: new Date() })
      .where(sql`${landingPages.id}::text = ${id}`);
  } else if (type === "course_review") {
    // Hidden: out of the lists and the course's rating (trigger); its author still sees it.
    await db
      .update(courseReviews)
      .set({ status: "hidden", updated_at: new Date() })
      .where(sql`${courseReviews.id}::text = ${id}`);
  }
}

export async function selectBrandingKits(db: Executor, onlyActive: boolean) {
  return db
    .select()
    .from(brandingKits)
    .where(onlyActive ? eq(brandingKits.is_active, true) : undefined)
    .orderBy(brandingKits.created_at, brandingKits.name);
}

/** A page of users (profiles) matching a folded LIKE pattern on name or e-mail, newest first. */
export async function selectUsers(db: Executor, opts: { pattern?: string; page: number; pageSize: number }) {
  const where = opts.pattern
    ? or(
        sql`${profiles.name_fold} like ${opts.pattern} escape '\\'`,
        sql`${profiles.email_fold} like ${opts.pattern} escape '\\'`,
      )
    : undefined;
  const rows = await db
    .select({
      user_id: profiles.user_id,
      email: profiles.email,
      full_name: profiles.full_name,
      role: profiles.role,
      created_at: profiles.created_at,
      suspended: sql<boolean>`${userSuspensions.user_id} is not null`,
    })
    .from(profiles)
    .leftJoin(userSuspensions, eq(userSuspensions.user_id, profiles.user_id))
    .where(where)
    .orderBy(desc(profiles.created_at), profiles.user_id)
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(profiles).where(where);
  return { rows, total };
}

export async function lockProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({
      user_id: profiles.user_id,
      email: profiles.email,
      full_name: profiles.full_name,
      role: profiles.role,
      created_at: profiles.created_at,
      suspended: sql<boolean>`exists (select 1 from ${userSuspensions} where ${userSuspensions.user_id} = ${profiles.user_id})`,
    })
    .from(profiles)
    .where(eq(profiles.user_id, userId))
    .for("update");
  return row;
}

/** Deletes every session of a user (sign-out everywhere, at once). @returns how many were deleted. */
export async function deleteSessions(db: Executor, userId: string): Promise<number> {
  const rows = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return rows.length;
}

export async function isSuspended(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userSuspensions.user_id })
    .from(userSuspensions)
    .where(and(eq(userSuspensions.user_id, userId)));
  return rows.length > 0;
}

/** Lifts a take-down (an approved review request): the owner may publish the course or page again. */
export async function liftTakeDown(db: Executor, type: string, id: string): Promise<void> {
  if (type === "course") {
    await db.update(courses).set({ taken_down_at: null }).where(sql`${courses.id}::text = ${id}`);
  } else if (type === "landing_page") {
    await db.update(landingPages).set({ taken_down_at: null }).where(sql`${landingPages.id}::text = ${id}`);
  }
}

/** Deletes a course review (an admin's "Remove"; discussions and replies go through the community service). */
export async function removeReview(db: Executor, id: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return;
  await db.delete(courseReviews).where(eq(courseReviews.id, id));
}

/** The author of a reported item (the person the decision e-mail goes to), or null. */
export async function authorOf(db: Executor, type: string, id: string): Promise<string | null> {
  const query =
    type === "discussion"
      ? sql`select author_id as id from discussions where id::text = ${id}`
      : type === "discussion_reply"
        ? sql`select author_id as id from discussion_replies where id::text = ${id}`
        : type === "course_review"
          ? sql`select student_id as id from course_reviews where id::text = ${id}`
          : type === "course"
            ? sql`select creator_id as id from courses where id::text = ${id}`
            : type === "landing_page"
              ? sql`select creator_id as id from landing_pages where id::text = ${id}`
              : sql`select creator_id as id from materials where id::text = ${id}`;
  const rows = ((await db.execute(query)) as unknown as { rows: Array<{ id: string | null }> }).rows;
  return rows[0]?.id ?? null;
}

/** Whether a course or landing page is taken down now. */
export async function isTakenDown(
  db: Executor,
  type: "course" | "landing_page",
  id: string,
): Promise<boolean> {
  const table = type === "course" ? courses : landingPages;
  const [row] = await db.select({ at: table.taken_down_at }).from(table).where(eq(table.id, id));
  return Boolean(row?.at);
}
