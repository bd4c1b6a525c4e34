import { z } from "zod";
import {
  STUDY_GROUP_CAPACITY_MAX,
  STUDY_GROUP_CAPACITY_MIN,
  STUDY_GROUP_DESCRIPTION_MAX,
  STUDY_GROUP_NAME_MAX,
} from "../rules/study-groups.ts";
import { NUL_MESSAGE } from "../rules/text-safety.ts";

/**
 * Study group contracts (spec 000 §2 Study Groups, §3 study group shape: name, members, course,
 * nextMeeting, description; issue 13 §3). Times are ISO 8601 strings; durations in minutes.
 */

export const STUDY_GROUP_MESSAGES = {
  nameRequired: "Please enter a group name.",
  nameTooLong: `Group names can be at most ${STUDY_GROUP_NAME_MAX} characters.`,
  descriptionTooLong: `Descriptions can be at most ${STUDY_GROUP_DESCRIPTION_MAX} characters.`,
  capacity: `Capacity must be between ${STUDY_GROUP_CAPACITY_MIN} and ${STUDY_GROUP_CAPACITY_MAX}.`,
  chooseCourse: "Choose a course.",
  notFound: "Study group not found.",
  noAccess: "You do not have access to this study group.",
  full: "This study group is full.",
  inviteRequired: "This study group is invite-only. Ask a member for the invite link.",
  notMember: "Only members can do this.",
  notOwner: "Only the group's creator can do this.",
  ownerCannotLeave: "The group's creator cannot leave; delete the group instead.",
  sessionTitleRequired: "Please enter a session title.",
  sessionTimeRequired: "Please choose a date and time.",
  sessionInPast: "Sessions must be scheduled in the future.",
  linkInvalid: "Links must start with http:// or https://.",
  nulCharacter: NUL_MESSAGE,
} as const;

const noNul = (value: string) => !value.includes("\u0000");

export const createStudyGroupSchema = z.object({
  name: z
    .string({ error: STUDY_GROUP_MESSAGES.nameRequired })
    .trim()
    .min(1, STUDY_GROUP_MESSAGES.nameRequired)
    .max(STUDY_GROUP_NAME_MAX, STUDY_GROUP_MESSAGES.nameTooLong)
    .refine(noNul, STUDY_GROUP_MESSAGES.nulCharacter),
  description: z
    .string()
    .trim()
    .max(STUDY_GROUP_DESCRIPTION_MAX, STUDY_GROUP_MESSAGES.descriptionTooLong)
    .refine(noNul, STUDY_GROUP_MESSAGES.nulCharacter)
    .default(""),
  courseId: z.uuid({ error: STUDY_GROUP_MESSAGES.chooseCourse }),
  capacity: z.coerce
    .number({ error: STUDY_GROUP_MESSAGES.capacity })
    .int(STUDY_GROUP_MESSAGES.capacity)
    .min(STUDY_GROUP_CAPACITY_MIN, STUDY_GROUP_MESSAGES.capacity)
    .max(STUDY_GROUP_CAPACITY_MAX, STUDY_GROUP_MESSAGES.capacity),
  visibility: z.enum(["open", "invite"]).default("open"),
});
export type CreateStudyGroupInput = z.input<typeof createStudyGroupSchema>;

export const joinStudyGroupSchema = z.object({ inviteToken: z.string().max(100).optional() });

export const scheduleSessionSchema = z.object({
  title: z
    .string({ error: STUDY_GROUP_MESSAGES.sessionTitleRequired })
    .trim()
    .min(1, STUDY_GROUP_MESSAGES.sessionTitleRequired)
    .max(200)
    .refine(noNul, STUDY_GROUP_MESSAGES.nulCharacter),
  startsAt: z.iso.datetime({ offset: true, error: STUDY_GROUP_MESSAGES.sessionTimeRequired }),
  durationMinutes: z.coerce.number().int().min(5).max(600).default(60),
  link: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), STUDY_GROUP_MESSAGES.linkInvalid)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ScheduleSessionInput = z.input<typeof scheduleSessionSchema>;

export const studyGroupSessionSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  title: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  link: z.string().nullable(),
});
export type StudyGroupSession = z.infer<typeof studyGroupSessionSchema>;

export const studyGroupSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  ownerId: z.string(),
  name: z.string(),
  description: z.string(),
  capacity: z.number().int(),
  memberCount: z.number().int(),
  visibility: z.enum(["open", "invite"]),
  isMember: z.boolean(),
  isOwner: z.boolean(),
  nextSession: studyGroupSessionSchema.nullable(),
  /** Only for members: the invite link's token. */
  inviteToken: z.string().nullable(),
  createdAt: z.string(),
});
export type StudyGroup = z.infer<typeof studyGroupSchema>;

export const studyGroupListSchema = z.object({ groups: z.array(studyGroupSchema) });

export const studyGroupDetailSchema = studyGroupSchema.extend({
  members: z.array(z.object({ id: z.string(), name: z.string().nullable(), joinedAt: z.string() })),
  sessions: z.array(studyGroupSessionSchema),
});
export type StudyGroupDetail = z.infer<typeof studyGroupDetailSchema>;
