import {
  availabilityOverlapHours,
  BUDDY_DECLINE_COOLDOWN_DAYS,
  BUDDY_MESSAGES,
  BUDDY_PENDING_MAX,
  BUDDY_REQUESTS_PER_DAY,
  BUDDY_SUGGESTIONS_MAX,
  type BuddyBlockList,
  type BuddyLanguage,
  type BuddyLink,
  type BuddyOverview,
  type BuddyPreferences,
  type BuddySuggestionList,
  buddyMatchPercent,
  buddyMaxScore,
  type buddyPreferencesInputSchema,
  type buddyRequestInputSchema,
  buddyScore,
  languagesMatch,
} from "@academy/shared";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { withCallToAction } from "../../email/templates.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { onlineAmong, openBuddyConversation } from "../messaging/messaging.service.ts";
import {
  emailRecipients,
  type NotifyDeps,
  notify,
  unsubscribeTarget,
} from "../notifications/notifications.service.ts";
import {
  declinedRecently,
  deleteBlock,
  enrolledCourses,
  findLink,
  findPreferences,
  insertBlock,
  insertRequest,
  isBlocked,
  type LinkRow,
  listBlocks,
  listCandidates,
  listLiveLinks,
  lockRequester,
  type OverviewRow,
  requestCounts,
  requestEmailFacts,
  sharedCourses,
  transition,
  upsertPreferences,
  userExists,
} from "./study-buddies.queries.ts";

/**
 * Study buddies (issue 13 §5; decisions 0188, 0189): preferences, ranked suggestions, requests,
 * blocks, and the buddies' conversation through the messaging service.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most this many candidates are ranked per suggestion request. */
const CANDIDATE_LIMIT = 500;

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The caller's preferences (defaults, not visible, when never saved) and their enrolled courses.
 */
export async function getPreferences(db: Db, actor: SessionUser): Promise<BuddyPreferences> {
  const [row, courses] = await Promise.all([findPreferences(db, actor.id), enrolledCourses(db, actor.id)]);
  return {
    visible: row?.visible ?? false,
    courseIds: row?.course_ids ?? [],
    goals: row?.goals ?? [],
    availability: row?.availability ?? [],
    language: row?.language ?? "any",
    level: row?.level ?? null,
    studyStyle: row?.study_style ?? null,
    timeZone: row?.time_zone ?? null,
    courses,
    saved: Boolean(row),
  };
}

/**
 * Saves the caller's preferences (the shared schema checked goals, slots, language and time zone).
 * @throws AppError BAD_REQUEST (BUDDY_MESSAGES.courseInvalid: a course the caller does not take).
 */
export async function savePreferences(
  db: Db,
  actor: SessionUser,
  input: z.output<typeof buddyPreferencesInputSchema>,
): Promise<BuddyPreferences> {
  const courses = await enrolledCourses(db, actor.id);
  const mine = new Set(courses.map((c) => c.id));
  const courseIds = [...new Set(input.courseIds)];
  if (courseIds.some((id) => !mine.has(id))) throw new AppError("BAD_REQUEST", BUDDY_MESSAGES.courseInvalid);
  await upsertPreferences(db, {
    user_id: actor.id,
    visible: input.visible,
    course_ids: courseIds,
    goals: input.goals,
    availability: input.availability,
    language: input.language,
    level: input.level,
    study_style: input.studyStyle,
    time_zone: input.timeZone,
  });
  return getPreferences(db, actor);
}

/**
 * Ranked suggestions (issue 13 §5; decision 0188): opted-in students sharing one of the caller's
 * chosen courses (all of them when none are chosen), never one who opted out, is blocked either
 * way, already has a live link with the caller, or declined the caller within 30 days; a different
 * specific language leaves a candidate out. Ordered by `buddyScore` (shared courses, overlapping
 * weekly hours, shared goals, same language, same study style), then name. At most
 * BUDDY_SUGGESTIONS_MAX (20). Each carries the candidate's stated level and style, `matchPercent`
 * (the same score as a percentage of `buddyMaxScore` for the caller; decision 0233) and `online`
 * (an open app event stream on any instance within the last minute).
 * A caller who has not opted in gets `optedIn: false` and none.
 */
export async function listSuggestions(
  db: Db,
  actor: SessionUser,
  now = new Date(),
): Promise<BuddySuggestionList> {
  const me = await findPreferences(db, actor.id);
  if (!me?.visible) return { optedIn: false, suggestions: [] };
  const enrolled = (await enrolledCourses(db, actor.id)).map((c) => c.id);
  const courseIds = me.course_ids.length > 0 ? enrolled.filter((id) => me.course_ids.includes(id)) : enrolled;
  const candidates = await listCandidates(db, actor.id, courseIds, {
    cooldownDays: BUDDY_DECLINE_COOLDOWN_DAYS,
    limit: CANDIDATE_LIMIT,
  });
  const maxScore = buddyMaxScore({
    courseCount: courseIds.length,
    slotCount: me.availability.length,
    goalCount: me.goals.length,
    language: me.language as BuddyLanguage,
    studyStyle: me.study_style,
  });
  const ranked = candidates
    .filter((c) => languagesMatch(me.language as BuddyLanguage, c.language))
    .map((c) => {
      const sharedGoals = me.goals.filter((g) => c.goals.includes(g));
      const overlapHours = availabilityOverlapHours(
        { slots: me.availability, timeZone: me.time_zone },
        { slots: c.availability, timeZone: c.time_zone },
        now,
      );
      const sameLanguage = me.language !== "any" && me.language === c.language;
      const sameStyle = me.study_style !== null && me.study_style === c.study_style;
      const score = buddyScore({
        sharedCourses: c.shared.length,
        overlapHours,
        sharedGoals: sharedGoals.length,
        sameLanguage,
        sameStyle,
      });
      return {
        user: { id: c.user_id, name: c.name, avatarUrl: c.avatar_url },
        score,
        matchPercent: buddyMatchPercent(score, maxScore),
        sharedCourses: c.shared,
        overlapHours,
        sharedGoals,
        sameLanguage,
        sameStyle,
        level: c.level,
        studyStyle: c.study_style,
      };
    })
    .sort(
      (a, b) =>
        b.score - a.score ||
        (a.user.name ?? "").localeCompare(b.user.name ?? "") ||
        a.user.id.localeCompare(b.user.id),
    )
    .slice(0, BUDDY_SUGGESTIONS_MAX);
  const online = await onlineAmong(
    db,
    ranked.map((s) => s.user.id),
  );
  return { optedIn: true, suggestions: ranked.map((s) => ({ ...s, online: online.has(s.user.id) })) };
}

function toLink(row: OverviewRow, userId: string): BuddyLink {
  return {
    id: row.id,
    status: row.status,
    direction: row.requester_id === userId ? "outgoing" : "incoming",
    other: { id: row.other_id, name: row.other_name, avatarUrl: row.other_avatar },
    note: row.note,
    createdAt: iso(row.created_at),
    respondedAt: row.responded_at ? iso(row.responded_at) : null,
    conversationId: row.conversation_id,
  };
}

/** The caller's buddies (accepted), incoming and outgoing pending requests, newest first. */
export async function getOverview(db: Db, actor: SessionUser): Promise<BuddyOverview> {
  const links = (await listLiveLinks(db, actor.id)).map((row) => toLink(row, actor.id));
  return {
    buddies: links.filter((l) => l.status === "accepted"),
    incoming: links.filter((l) => l.status === "pending" && l.direction === "incoming"),
    outgoing: links.filter((l) => l.status === "pending" && l.direction === "outgoing"),
  };
}

async function linkFor(db: Db, actor: SessionUser, id: string): Promise<BuddyLink> {
  const row = (await listLiveLinks(db, actor.id)).find((l) => l.id === id);
  if (!row) throw new AppError("NOT_FOUND", BUDDY_MESSAGES.notFound);
  return toLink(row, actor.id);
}

/** The buddy request e-mail (issue 13 §5: the addressee hears of a request), in their locale. */
function buddyRequestEmail(input: {
  locale: "en" | "vi";
  recipientName: string | null;
  requesterName: string | null;
  url: string;
}) {
  const vi = input.locale === "vi";
  const who = input.requesterName?.trim() || (vi ? "Một học viên" : "A student");
  return withCallToAction({
    template: "buddy-request",
    locale: input.locale,
    subject: vi ? `${who} muốn trở thành bạn học của bạn` : `${who} wants to be your study buddy`,
    paragraphs: [
      input.recipientName
        ? vi
          ? `Xin chào ${input.recipientName},`
          : `Hi ${input.recipientName},`
        : vi
          ? "Xin chào,"
          : "Hi,",
      vi
        ? `${who} học cùng khóa với bạn và muốn trở thành bạn học. Bạn có thể chấp nhận hoặc từ chối trong Cộng đồng.`
        : `${who} takes a course with you and would like to be study buddies. Accept or decline in Community.`,
    ],
    label: vi ? "Xem lời mời" : "See the request",
    url: input.url,
    footer: vi
      ? "Bạn nhận email này vì bạn bật “Hiển thị tôi với học viên khác”. Tắt trong Cộng đồng › Bạn học."
      : "You get this e-mail because “Show me to other students” is on. Turn it off in Community › Study Buddies.",
  });
}

/**
 * Sends a buddy request (issue 13 §5). In one transaction under the caller's advisory lock, so the
 * limits are exact under concurrency: the caller must have opted in; the other student must be
 * opted in, share a course, and neither may have blocked the other; a student who declined the
 * caller can't be asked again for BUDDY_DECLINE_COOLDOWN_DAYS; at most BUDDY_PENDING_MAX pending
 * and BUDDY_REQUESTS_PER_DAY sent in 24 hours; one live link per pair. The addressee gets an e-mail
 * (outbox, same transaction) linking to /dashboard/community?tab=buddies when their `buddy`
 * notification preference is `email` (with one-click unsubscribe), and a `buddy` notification
 * ("request") in the bell (issue 27 §2).
 * @throws AppError BAD_REQUEST (self), FORBIDDEN (optInFirst, unavailable), NOT_FOUND (userNotFound),
 *   CONFLICT (alreadyLinked, declinedRecently), RATE_LIMITED (tooManyPending, tooManyToday).
 */
export async function requestBuddy(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  actor: SessionUser,
  input: z.output<typeof buddyRequestInputSchema>,
): Promise<BuddyLink> {
  const { db } = deps;
  if (input.userId === actor.id) throw new AppError("BAD_REQUEST", BUDDY_MESSAGES.self);
  const id = await db.transaction(async (tx) => {
    await lockRequester(tx, actor.id);
    const me = await findPreferences(tx, actor.id);
    if (!me?.visible) throw new AppError("FORBIDDEN", BUDDY_MESSAGES.optInFirst);
    if (!(await userExists(tx, input.userId))) throw new AppError("NOT_FOUND", BUDDY_MESSAGES.userNotFound);
    const them = await findPreferences(tx, input.userId);
    if (
      !them?.visible ||
      (await isBlocked(tx, actor.id, input.userId)) ||
      (await sharedCourses(tx, actor.id, input.userId)).length === 0
    )
      throw new AppError("FORBIDDEN", BUDDY_MESSAGES.unavailable);
    if (await declinedRecently(tx, actor.id, input.userId, BUDDY_DECLINE_COOLDOWN_DAYS))
      throw new AppError("CONFLICT", BUDDY_MESSAGES.declinedRecently);
    const counts = await requestCounts(tx, actor.id);
    if (counts.pending >= BUDDY_PENDING_MAX)
      throw new AppError("RATE_LIMITED", BUDDY_MESSAGES.tooManyPending);
    if (counts.today >= BUDDY_REQUESTS_PER_DAY)
      throw new AppError("RATE_LIMITED", BUDDY_MESSAGES.tooManyToday);
    const row = await insertRequest(tx, {
      requester: actor.id,
      addressee: input.userId,
      note: input.note?.trim() ? input.note.trim() : null,
    });
    if (!row) throw new AppError("CONFLICT", BUDDY_MESSAGES.alreadyLinked);
    const facts = await requestEmailFacts(tx, input.userId, actor.id);
    await notify(
      tx,
      {
        userIds: [input.userId],
        type: "buddy",
        data: { actorName: facts?.requester_name ?? actor.name, event: "request" },
        link: "/dashboard/community?tab=buddies",
      },
      { mailer: deps.mailer, appUrl: deps.appUrl },
    );
    if (facts?.email && (await emailRecipients(tx, [input.userId], "buddy")).has(input.userId))
      await deps.mailer.send(tx, {
        to: facts.email,
        unsubscribe: unsubscribeTarget(input.userId, "buddy", facts.locale),
        ...buddyRequestEmail({
          locale: facts.locale ?? "vi",
          recipientName: facts.recipient_name,
          requesterName: facts.requester_name,
          url: `${deps.appUrl}/dashboard/community?tab=buddies`,
        }),
      });
    return row.id;
  });
  return linkFor(db, actor, id);
}

/** NOT_FOUND for an unknown id or someone else's link; otherwise the row. */
async function ownLink(db: Executor, actor: SessionUser, id: string): Promise<LinkRow> {
  const row = UUID.test(id) ? await findLink(db, id) : undefined;
  if (!row || (row.requester_id !== actor.id && row.addressee_id !== actor.id))
    throw new AppError("NOT_FOUND", BUDDY_MESSAGES.notFound);
  return row;
}

/**
 * Accepts a request sent to the caller: one conditional UPDATE (pending → accepted), so of two
 * racing accepts exactly one succeeds; opens the buddies' conversation in the same transaction
 * (on a course both still take). The requester gets a `buddy` notification ("accepted").
 * @throws AppError NOT_FOUND, FORBIDDEN (notYours: the requester; unavailable: no shared course or
 *   blocked), CONFLICT (notPending).
 */
export async function acceptRequest(
  db: Db,
  actor: SessionUser,
  id: string,
  notifications: NotifyDeps,
): Promise<BuddyLink> {
  const link = await ownLink(db, actor, id);
  if (link.addressee_id !== actor.id) throw new AppError("FORBIDDEN", BUDDY_MESSAGES.notYours);
  await db.transaction(async (tx) => {
    const row = await transition(tx, {
      id,
      actor: actor.id,
      actorColumn: "addressee",
      from: "pending",
      to: "accepted",
    });
    if (!row) throw new AppError("CONFLICT", BUDDY_MESSAGES.notPending);
    const shared = await sharedCourses(tx, row.requester_id, row.addressee_id);
    if (shared.length === 0 || (await isBlocked(tx, row.requester_id, row.addressee_id)))
      throw new AppError("FORBIDDEN", BUDDY_MESSAGES.unavailable);
    await openBuddyConversation(tx, {
      userA: row.requester_id,
      userB: row.addressee_id,
      courseId: shared[0].id,
    });
    await notify(
      tx,
      {
        userIds: [row.requester_id],
        type: "buddy",
        data: { actorName: actor.name, event: "accepted" },
        link: "/dashboard/community?tab=buddies",
      },
      notifications,
    );
  });
  return linkFor(db, actor, id);
}

/**
 * Declines a request sent to the caller (pending → declined; the requester may not ask again for
 * 30 days). @throws AppError NOT_FOUND, FORBIDDEN (notYours), CONFLICT (notPending).
 */
export async function declineRequest(db: Db, actor: SessionUser, id: string): Promise<void> {
  const link = await ownLink(db, actor, id);
  if (link.addressee_id !== actor.id) throw new AppError("FORBIDDEN", BUDDY_MESSAGES.notYours);
  const row = await transition(db, {
    id,
    actor: actor.id,
    actorColumn: "addressee",
    from: "pending",
    to: "declined",
  });
  if (!row) throw new AppError("CONFLICT", BUDDY_MESSAGES.notPending);
}

/**
 * Cancels a request the caller sent (pending → cancelled).
 * @throws AppError NOT_FOUND, FORBIDDEN (notYours), CONFLICT (notPending).
 */
export async function cancelRequest(db: Db, actor: SessionUser, id: string): Promise<void> {
  const link = await ownLink(db, actor, id);
  if (link.requester_id !== actor.id) throw new AppError("FORBIDDEN", BUDDY_MESSAGES.notYours);
  const row = await transition(db, {
    id,
    actor: actor.id,
    actorColumn: "requester",
    from: "pending",
    to: "cancelled",
  });
  if (!row) throw new AppError("CONFLICT", BUDDY_MESSAGES.notPending);
}

/**
 * Ends a buddyship (either buddy; accepted → removed). Their conversation closes at once for both
 * (messaging checks the link on every call).
 * @throws AppError NOT_FOUND, CONFLICT (notBuddies).
 */
export async function removeBuddy(db: Db, actor: SessionUser, id: string): Promise<void> {
  await ownLink(db, actor, id);
  const row = await transition(db, {
    id,
    actor: actor.id,
    actorColumn: "either",
    from: "accepted",
    to: "removed",
  });
  if (!row) throw new AppError("CONFLICT", BUDDY_MESSAGES.notBuddies);
}

/**
 * The buddies' conversation (created when missing, on a course both still take), to open in Messages.
 * @throws AppError NOT_FOUND, FORBIDDEN (notBuddies; unavailable: no shared course any more).
 */
export async function buddyConversation(
  db: Db,
  actor: SessionUser,
  id: string,
): Promise<{ conversationId: string }> {
  const link = await ownLink(db, actor, id);
  if (link.status !== "accepted") throw new AppError("FORBIDDEN", BUDDY_MESSAGES.notBuddies);
  const shared = await sharedCourses(db, link.requester_id, link.addressee_id);
  if (shared.length === 0) throw new AppError("FORBIDDEN", BUDDY_MESSAGES.unavailable);
  const conversationId = await db.transaction((tx) =>
    openBuddyConversation(tx, { userA: link.requester_id, userB: link.addressee_id, courseId: shared[0].id }),
  );
  return { conversationId };
}

/**
 * Blocks a user (idempotent): ends any pending request or buddyship between the two, hides each
 * from the other's suggestions and refuses requests either way.
 * @throws AppError BAD_REQUEST (self), NOT_FOUND (userNotFound).
 */
export async function blockUser(db: Db, actor: SessionUser, userId: string): Promise<void> {
  if (userId === actor.id) throw new AppError("BAD_REQUEST", BUDDY_MESSAGES.self);
  if (!(await userExists(db, userId))) throw new AppError("NOT_FOUND", BUDDY_MESSAGES.userNotFound);
  await db.transaction((tx) => insertBlock(tx, actor.id, userId));
}

/** Lifts the caller's block of `userId` (idempotent; earlier requests stay ended). */
export async function unblockUser(db: Db, actor: SessionUser, userId: string): Promise<void> {
  await deleteBlock(db, actor.id, userId);
}

/** The people the caller blocked, newest first. */
export async function getBlocks(db: Db, actor: SessionUser): Promise<BuddyBlockList> {
  const rows = await listBlocks(db, actor.id);
  return { blocked: rows.map((r) => ({ id: r.id, name: r.name, avatarUrl: r.avatar_url })) };
}
