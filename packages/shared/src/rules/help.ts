/**
 * Help and support's texts and lists (spec 001 §2 Help and support, §5 'Please fill in all required
 * fields' and the student contact message, §9 ticket priorities and roadmap categories; issue 14),
 * without zod, so the Help Center's page does not carry the schema library (issue 17 §14 budget).
 * The schemas are in ../schemas/help.ts.
 */

export const HELP_MESSAGES = {
  required: "Please fill in all required fields",
  contactSent: "Message sent to your instructor. You'll receive a response within 24-48 hours.",
  ticketNotFound: "Ticket not found.",
  requestNotFound: "Feature request not found.",
  noInstructor: "Enrol in a course to contact its instructor.",
  notYourCourse: "You are not enrolled in this course.",
  guideNotFound: "Guide not found.",
  guideSlugTaken: "Another guide already uses this address.",
  tooManyTickets: "You have sent many help requests in the last hour. Please wait a while and try again.",
  tooManyReplies: "You have sent many replies in the last hour. Please wait a while and try again.",
} as const;

export const TICKET_PRIORITIES = ["low", "medium", "high"] as const;
export const TICKET_STATUSES = ["open", "pending", "resolved"] as const;
export const FEATURE_CATEGORIES = ["features", "analytics", "mobile", "integration", "ui-ux"] as const;
export const FEATURE_STATUSES = ["under-review", "planned", "in-progress", "completed"] as const;
export const FAQ_CATEGORIES = ["getting-started", "courses", "certificates", "payments", "account"] as const;
export const HELP_AUDIENCES = ["all", "creator", "student"] as const;
