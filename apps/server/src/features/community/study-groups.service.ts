import { randomBytes } from "node:crypto";
import {
  type CreateStudyGroupInput,
  type createStudyGroupSchema,
  type ScheduleSessionInput,
  STUDY_GROUP_MESSAGES,
  type StudyGroup,
  type StudyGroupDetail,
  type StudyGroupSession,
  type scheduleSessionSchema,
} from "@academy/shared";
import { createEvent } from "ics";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { type NotifyDeps, notify } from "../notifications/notifications.service.ts";
import {
  addMember,
  canUseCourse,
  deleteGroupRow,
  findGroupRow,
  findSessionRow,
  type GroupRow,
  insertGroup,
  insertSession,
  isMember,
  listGroupRows,
  listMemberRows,
  listSessionRows,
  lockGroup,
  memberIds,
  removeMember,
  type SessionRow,
} from "./study-groups.queries.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toSession(row: SessionRow): StudyGroupSession {
  return {
    id: row.id,
    groupId: row.group_id,
    title: row.title,
    startsAt: row.starts_at,
    durationMinutes: Number(row.duration_minutes),
    link: row.link,
  };
}

/**
 * The group as the caller may see it: the invite token for insiders (members and the course's
 * creator) only, and an invite-only group's next session (with its meeting link) for insiders only
 * (issue 25 N8); an open group shows its next session to every student of the course.
 */
function toGroup(row: GroupRow, actor: SessionUser): StudyGroup {
  const insider = row.is_member || row.course_creator_id === actor.id;
  const showSession = insider || row.visibility !== "invite";
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course_title,
    ownerId: row.owner_id,
    name: row.name,
    description: row.description,
    capacity: Number(row.capacity),
    memberCount: Number(row.member_count),
    visibility: row.visibility,
    isMember: Boolean(row.is_member),
    isOwner: row.owner_id === actor.id,
    nextSession:
      showSession && row.next_id && row.next_starts_at
        ? {
            id: row.next_id,
            groupId: row.id,
            title: row.next_title ?? "",
            startsAt: row.next_starts_at,
            durationMinutes: Number(row.next_duration ?? 60),
            link: row.next_link,
          }
        : null,
    inviteToken: insider ? row.invite_token : null,
    createdAt: row.created_at,
  };
}

/**
 * The group if the caller may see it: the course's creator or a student enrolled in its course
 * (checked on every call: a cancelled enrolment loses access at once).
 * @throws AppError NOT_FOUND, FORBIDDEN.
 */
async function visibleGroup(db: Executor, actor: SessionUser, groupId: string): Promise<GroupRow> {
  const row = UUID.test(groupId) ? await findGroupRow(db, actor.id, groupId) : undefined;
  if (!row) throw new AppError("NOT_FOUND", STUDY_GROUP_MESSAGES.notFound);
  if (!(await canUseCourse(db, actor.id, row.course_id)))
    throw new AppError("FORBIDDEN", STUDY_GROUP_MESSAGES.noAccess);
  return row;
}

/** Study groups of the caller's courses (000 §2 Study Groups; issue 13 §3), newest first. */
export async function listStudyGroups(
  db: Db,
  actor: SessionUser,
  courseId?: string,
): Promise<{ groups: StudyGroup[] }> {
  const rows = await listGroupRows(db, actor.id, courseId && UUID.test(courseId) ? courseId : undefined);
  return { groups: rows.map((r) => toGroup(r, actor)) };
}

/**
 * One group; members and sessions only for its members and the course's creator.
 * @throws AppError NOT_FOUND, FORBIDDEN.
 */
export async function getStudyGroup(db: Db, actor: SessionUser, groupId: string): Promise<StudyGroupDetail> {
  const row = await visibleGroup(db, actor, groupId);
  const insider = row.is_member || row.course_creator_id === actor.id;
  const [members, sessions] = insider
    ? await Promise.all([listMemberRows(db, row.id), listSessionRows(db, row.id)])
    : [[], []];
  return {
    ...toGroup(row, actor),
    members: members.map((m) => ({ id: m.id, name: m.name, joinedAt: m.joined_at })),
    sessions: sessions.map(toSession),
  };
}

/**
 * Creates a study group in a course the caller created or is enrolled in; the caller is its owner
 * and first member. Invite-only groups get a random invite token.
 * @throws AppError FORBIDDEN (no access to the course).
 */
export async function createStudyGroup(
  db: Db,
  actor: SessionUser,
  input: z.output<typeof createStudyGroupSchema>,
): Promise<StudyGroupDetail> {
  if (!(await canUseCourse(db, actor.id, input.courseId)))
    throw new AppError("FORBIDDEN", STUDY_GROUP_MESSAGES.noAccess);
  const id = await db.transaction((tx) =>
    insertGroup(tx, {
      courseId: input.courseId,
      ownerId: actor.id,
      name: input.name,
      description: input.description,
      capacity: input.capacity,
      visibility: input.visibility,
      inviteToken: randomBytes(24).toString("base64url"),
    }),
  );
  return getStudyGroup(db, actor, id);
}

/**
 * Joins a group (idempotent): open groups for anyone in the course, invite-only ones with the
 * token. Under the group's row lock: already a member → no change; full → CONFLICT; else the
 * member row and member_count + 1 — concurrent joins never exceed capacity. The group's owner
 * gets a `study_group` notification ("joined", same transaction; issue 27 §2).
 * @throws AppError NOT_FOUND, FORBIDDEN (no course access; invite required), CONFLICT (full).
 */
export async function joinStudyGroup(
  db: Db,
  actor: SessionUser,
  groupId: string,
  inviteToken: string | undefined,
  notifications: NotifyDeps,
): Promise<StudyGroupDetail> {
  const visible = await visibleGroup(db, actor, groupId);
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) throw new AppError("NOT_FOUND", STUDY_GROUP_MESSAGES.notFound);
    if (await isMember(tx, groupId, actor.id)) return;
    if (group.visibility === "invite" && inviteToken !== group.invite_token)
      throw new AppError("FORBIDDEN", STUDY_GROUP_MESSAGES.inviteRequired);
    if (Number(group.member_count) >= Number(group.capacity))
      throw new AppError("CONFLICT", STUDY_GROUP_MESSAGES.full);
    await addMember(tx, groupId, actor.id);
    if (visible.owner_id !== actor.id)
      await notify(
        tx,
        {
          userIds: [visible.owner_id],
          type: "study_group",
          data: {
            actorName: actor.name,
            title: visible.name,
            courseTitle: visible.course_title,
            event: "joined",
          },
          link: `/dashboard/community?tab=groups&group=${groupId}`,
        },
        notifications,
      );
  });
  return getStudyGroup(db, actor, groupId);
}

/**
 * Leaves a group, or (the owner or the course's creator) removes `memberId` from it; the removed
 * member loses access to the group's discussions and sessions at once.
 * @throws AppError NOT_FOUND, FORBIDDEN (removing someone else without being owner or creator),
 *   BAD_REQUEST (the owner leaving).
 */
export async function leaveStudyGroup(
  db: Db,
  actor: SessionUser,
  groupId: string,
  memberId?: string,
): Promise<void> {
  const row = await visibleGroup(db, actor, groupId);
  const target = memberId ?? actor.id;
  if (target !== actor.id && row.owner_id !== actor.id && row.course_creator_id !== actor.id)
    throw new AppError("FORBIDDEN", STUDY_GROUP_MESSAGES.notOwner);
  if (target === row.owner_id) throw new AppError("BAD_REQUEST", STUDY_GROUP_MESSAGES.ownerCannotLeave);
  await db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    await removeMember(tx, groupId, target);
  });
}

/** Deletes a group (its owner or the course's creator). @throws AppError NOT_FOUND, FORBIDDEN. */
export async function deleteStudyGroup(db: Db, actor: SessionUser, groupId: string): Promise<void> {
  const row = await visibleGroup(db, actor, groupId);
  if (row.owner_id !== actor.id && row.course_creator_id !== actor.id)
    throw new AppError("FORBIDDEN", STUDY_GROUP_MESSAGES.notOwner);
  await db.transaction((tx) => deleteGroupRow(tx, groupId));
}

/**
 * Schedules a session (any member): title, start instant (future), duration in minutes, link.
 * The other members get a `study_group` notification ("session", issue 27 §2).
 * @throws AppError NOT_FOUND, FORBIDDEN (not a member), BAD_REQUEST (in the past).
 */
export async function scheduleSession(
  db: Db,
  actor: SessionUser,
  groupId: string,
  input: z.output<typeof scheduleSessionSchema>,
  notifications: NotifyDeps,
): Promise<StudyGroupSession> {
  const row = await visibleGroup(db, actor, groupId);
  if (!row.is_member) throw new AppError("FORBIDDEN", STUDY_GROUP_MESSAGES.notMember);
  if (new Date(input.startsAt).getTime() <= Date.now())
    throw new AppError("BAD_REQUEST", STUDY_GROUP_MESSAGES.sessionInPast);
  const session = await db.transaction(async (tx) => {
    const inserted = await insertSession(tx, {
      groupId,
      title: input.title,
      startsAt: new Date(input.startsAt).toISOString(),
      durationMinutes: input.durationMinutes,
      link: input.link,
      createdBy: actor.id,
    });
    const others = (await memberIds(tx, groupId)).filter((id) => id !== actor.id);
    await notify(
      tx,
      {
        userIds: others,
        type: "study_group",
        data: {
          actorName: actor.name,
          title: row.name,
          courseTitle: row.course_title,
          excerpt: input.title,
          event: "session",
        },
        link: `/dashboard/community?tab=groups&group=${groupId}`,
      },
      notifications,
    );
    return inserted;
  });
  return toSession(session);
}

/**
 * The session as an iCalendar file (RFC 5545, by the `ics` package): members and the course's
 * creator only. @returns the file name and text.
 * @throws AppError NOT_FOUND, FORBIDDEN.
 */
export async function sessionCalendar(
  db: Db,
  actor: SessionUser,
  sessionId: string,
  appUrl: string,
): Promise<{ filename: string; body: string }> {
  const session = UUID.test(sessionId) ? await findSessionRow(db, sessionId) : undefined;
  if (!session) throw new AppError("NOT_FOUND", STUDY_GROUP_MESSAGES.notFound);
  const group = await visibleGroup(db, actor, session.group_id);
  if (!group.is_member && group.course_creator_id !== actor.id)
    throw new AppError("FORBIDDEN", STUDY_GROUP_MESSAGES.notMember);
  const groupUrl = `${appUrl}/dashboard/community?tab=groups&group=${group.id}`;
  const { error, value } = createEvent({
    uid: `${session.id}@academy`,
    title: `${session.title} — ${session.group_name}`,
    description: `${session.course_title}\n${groupUrl}`,
    start: new Date(session.starts_at).getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: Number(session.duration_minutes) },
    url: session.link ?? groupUrl,
    location: session.link ?? undefined,
    productId: "academy/study-groups",
  });
  if (error || !value) throw new AppError("INTERNAL", "Could not create the calendar file.");
  return { filename: `study-session-${session.id.slice(0, 8)}.ics`, body: value };
}

export type { CreateStudyGroupInput, ScheduleSessionInput };
