import { z } from "zod";
import {
  FAQ_CATEGORIES,
  FEATURE_CATEGORIES,
  FEATURE_STATUSES,
  HELP_AUDIENCES,
  HELP_MESSAGES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from "../rules/help.ts";

/**
 * Help and support contracts (spec 001 §2 Help and support, §3 support tickets and feature
 * requests, §4 Tickets and Feature requests, §5 'Please fill in all required fields' and the
 * student contact message, §9 ticket priorities and roadmap categories; issue 14).
 * Dates are ISO 8601 strings. The texts and lists are in ../rules/help.ts.
 */

const required = (max: number, label: string) =>
  z
    .string({ error: HELP_MESSAGES.required })
    .trim()
    .min(1, HELP_MESSAGES.required)
    .max(max, `${label} must be at most ${max.toLocaleString("en")} characters`)
    .refine((s) => !s.includes("\u0000"), `${label} contains an invalid character`);

export const faqEntrySchema = z.object({
  id: z.string(),
  audience: z.enum(HELP_AUDIENCES),
  category: z.enum(FAQ_CATEGORIES),
  questionEn: z.string(),
  answerEn: z.string(),
  questionVi: z.string(),
  answerVi: z.string(),
  sortOrder: z.number().int(),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;
export const faqListSchema = z.object({ entries: z.array(faqEntrySchema) });
export const faqQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  category: z.enum(FAQ_CATEGORIES).optional(),
});
export const faqInputSchema = z.object({
  audience: z.enum(HELP_AUDIENCES).default("all"),
  category: z.enum(FAQ_CATEGORIES),
  questionEn: required(300, "Question"),
  answerEn: required(5000, "Answer"),
  questionVi: required(300, "Question"),
  answerVi: required(5000, "Answer"),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type FaqInput = z.input<typeof faqInputSchema>;

export const guideSchema = z.object({
  id: z.string(),
  slug: z.string(),
  audience: z.enum(HELP_AUDIENCES),
  titleEn: z.string(),
  bodyEn: z.string(),
  titleVi: z.string(),
  bodyVi: z.string(),
  sortOrder: z.number().int(),
  /** Unpublished guides are shown to admins only (issue 14 Guides). */
  isPublished: z.boolean(),
});
export type Guide = z.infer<typeof guideSchema>;
export const guideListSchema = z.object({ guides: z.array(guideSchema) });

/**
 * POST /api/admin/guides and PUT /api/admin/guides/{id} (admins; issue 14 Guides): a guide in both
 * languages, markdown bodies (raw HTML and script links are removed on the server; the web app
 * renders it sanitised). The address (slug) is made from the English title when left empty.
 */
export const guideInputSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80, "The address must be at most 80 characters")
    .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, "The address may contain only letters, digits and hyphens")
    .optional(),
  audience: z.enum(HELP_AUDIENCES).default("all"),
  titleEn: required(200, "Title"),
  bodyEn: required(20_000, "Guide"),
  titleVi: required(200, "Title"),
  bodyVi: required(20_000, "Guide"),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  isPublished: z.boolean().default(false),
});
export type GuideInput = z.input<typeof guideInputSchema>;
/** PATCH /api/admin/guides/{id}/publish: publish or unpublish a guide. */
export const guidePublishSchema = z.object({ isPublished: z.boolean() });

/** POST /api/help/tickets: a ticket to the platform (creators and students). */
export const ticketCreateSchema = z.object({
  subject: required(200, "Subject"),
  description: required(5000, "Description"),
  priority: z.enum(TICKET_PRIORITIES).default("medium"),
});
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;

/**
 * POST /api/help/contact-instructor: a student's message to the teacher of one of their courses
 * (spec 001 §5 Student contact message; priority low | normal | high, "normal" stored as medium).
 */
export const contactInstructorSchema = z.object({
  subject: required(200, "Subject"),
  message: required(5000, "Message"),
  courseId: z.string().uuid().optional(),
  priority: z
    .enum(["low", "normal", "high"])
    .default("normal")
    .transform((p) => (p === "normal" ? "medium" : p) as "low" | "medium" | "high"),
});
export type ContactInstructorInput = z.input<typeof contactInstructorSchema>;

export const ticketReplySchema = z.object({
  id: z.string(),
  authorName: z.string(),
  /** True when the author is the staff side (admin or the instructor), false for the requester. */
  fromStaff: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export const ticketSchema = z.object({
  id: z.string(),
  kind: z.enum(["platform", "instructor"]),
  subject: z.string(),
  description: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  requesterName: z.string(),
  requesterEmail: z.string(),
  courseTitle: z.string().nullable(),
  /** True when the caller answers this ticket (admin for platform tickets, the instructor for theirs). */
  canManage: z.boolean(),
  replyCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketDetailSchema = ticketSchema.extend({ replies: z.array(ticketReplySchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;
export const ticketListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** mine: tickets the caller filed; inbox: tickets the caller answers. */
  box: z.enum(["mine", "inbox"]).default("mine"),
  status: z.enum([...TICKET_STATUSES, "all"]).default("all"),
});
export const ticketListSchema = z.object({
  tickets: z.array(ticketSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const ticketReplyInputSchema = z.object({ body: required(5000, "Reply") });
export const ticketStatusInputSchema = z.object({ status: z.enum(TICKET_STATUSES) });

export const featureRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(FEATURE_CATEGORIES),
  status: z.enum(FEATURE_STATUSES),
  votes: z.number().int(),
  hasVoted: z.boolean(),
  submittedBy: z.string(),
  createdAt: z.string(),
});
export type FeatureRequest = z.infer<typeof featureRequestSchema>;
export const featureRequestListSchema = z.object({
  requests: z.array(featureRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const featureRequestQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  category: z.enum(FEATURE_CATEGORIES).optional(),
});
export const featureRequestCreateSchema = z.object({
  title: required(150, "Title"),
  description: required(3000, "Description"),
  category: z.enum(FEATURE_CATEGORIES),
});
export type FeatureRequestCreateInput = z.input<typeof featureRequestCreateSchema>;
export const featureStatusInputSchema = z.object({ status: z.enum(FEATURE_STATUSES) });
export const voteResultSchema = z.object({ votes: z.number().int(), hasVoted: z.boolean() });

/** The instructors a student may contact: one row per course they are enrolled in. */
export const contactOptionsSchema = z.object({
  courses: z.array(z.object({ courseId: z.string(), courseTitle: z.string(), instructorName: z.string() })),
});
