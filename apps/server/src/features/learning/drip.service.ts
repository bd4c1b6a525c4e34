import { safeTimeZone, sectionOpensAt } from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { emailBrand, type Locale, sectionOpenedEmail } from "../../email/templates.ts";
import { createMailWorker, type MailWorkerDeps } from "../../lib/interval-worker.ts";
import { emailRecipients, notify, unsubscribeTarget } from "../notifications/notifications.service.ts";
import { claimOpening, type DueOpeningRow, dueOpenings } from "./drip.queries.ts";
import { releaseOfLesson } from "./learning-access.ts";

// Drip schedules: the "a section opened" announcements (issue 27 §1, decision 0231).

/** Openings older than this when the job first sees them are recorded without an e-mail (hours). */
export const STALE_OPENING_HOURS = 48;
/** Openings handled per run. */
const BATCH = 200;

/** What an announcement needs: the student, the course, the section and where it opens. */
export interface SectionOpenedAnnouncement {
  userId: string;
  courseId: string;
  sectionId: string;
  sectionTitle: string;
  courseTitle: string;
  /** The in-app path of the section's first lesson in the player ("/learn/{courseId}?lesson=…"). */
  path: string;
  email: string;
  name: string | null;
  locale: Locale;
  school: { name: string | null; logoUrl: string | null; color: string | null };
  appUrl: string;
}

/**
 * THE announcement of an opened section to one student (issue 27 §1), inside the job's
 * transaction `tx`: the in-app notification `section_opened` (issue 27 §2, decision 0230) and, when
 * the student's preference for that type is e-mail (the default), the e-mail (outbox, en/vi, the
 * school's brand, one-click unsubscribe). A student who turned the type off gets neither.
 */
export async function announceSectionOpened(
  tx: Executor,
  mailer: Mailer,
  input: SectionOpenedAnnouncement,
): Promise<void> {
  await notify(
    tx,
    {
      userIds: [input.userId],
      type: "section_opened",
      data: { courseTitle: input.courseTitle, title: input.sectionTitle },
      link: input.path,
    },
    { mailer, appUrl: input.appUrl },
  );
  if (!(await emailRecipients(tx, [input.userId], "section_opened")).has(input.userId)) return;
  await mailer.send(tx, {
    to: input.email,
    unsubscribe: unsubscribeTarget(input.userId, "section_opened", input.locale),
    ...sectionOpenedEmail({
      locale: input.locale,
      studentName: input.name,
      courseTitle: input.courseTitle,
      sectionTitle: input.sectionTitle,
      url: `${input.appUrl}${input.path}`,
      schoolName: input.school.name,
      school: emailBrand(input.appUrl, input.school),
    }),
  });
}

/** The instant a candidate's section opens for its enrolment (the shared rule). */
function opensAtOf(row: DueOpeningRow): Date {
  return sectionOpensAt(releaseOfLesson(row), new Date(row.start), safeTimeZone(row.time_zone));
}

/**
 * One run of the opening e-mails at `now` (issue 27 §1): every drip section that opened for a
 * paid/active enrolment and was not handled yet gets a section_openings row (primary key
 * (enrollment_id, section_key): claimed once across instances; a concurrent run's insert waits and
 * then finds it taken) and, when it opened after the enrolment's start and within the last
 * STALE_OPENING_HOURS, one announcement (announceSectionOpened) in the same transaction. Sections
 * open at enrolment (opening ≤ start) are recorded without an e-mail.
 * @returns how many e-mails were queued.
 */
export async function sendSectionOpenings(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  now = new Date(),
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const candidates = await dueOpenings(tx, now, BATCH);
    let sent = 0;
    for (const row of candidates) {
      const opensAt = opensAtOf(row);
      if (opensAt.getTime() > now.getTime()) continue; // a dated section later today in its zone
      const start = new Date(row.start).getTime();
      const email =
        opensAt.getTime() > start && now.getTime() - opensAt.getTime() <= STALE_OPENING_HOURS * 3_600_000;
      const claimed = await claimOpening(tx, {
        enrollmentId: row.enrollment_id,
        sectionKey: row.section_key,
        opensAt,
        emailed: email,
      });
      if (!claimed || !email) continue;
      await announceSectionOpened(tx, deps.mailer, {
        userId: row.student_id,
        courseId: row.course_id,
        sectionId: row.section_key,
        sectionTitle: row.section_title ?? row.course_title,
        courseTitle: row.course_title,
        path: `/learn/${row.course_id}?lesson=${row.first_lesson_id}`,
        email: row.email,
        name: row.name,
        locale: row.locale === "en" ? "en" : "vi",
        school: { name: row.school_name, logoUrl: row.school_logo_url, color: row.school_color },
        appUrl: deps.appUrl,
      });
      sent++;
    }
    return sent;
  });
}

/** `sendSectionOpenings` every `intervalMs` (createMailWorker; started by index.ts, stopped on shutdown). */
export function createSectionOpeningWorker(deps: MailWorkerDeps) {
  return createMailWorker("section-openings", (d) => sendSectionOpenings(d), deps, {
    sent: "section opening e-mails queued",
    failed: "section opening e-mails failed",
  });
}
