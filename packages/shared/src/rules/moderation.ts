/**
 * Moderation that sticks (issue 24 §4): texts of the refusals around content an admin took down,
 * and the decisions an admin takes on a report or a review request.
 */
export const MODERATION_MESSAGES = {
  courseTakenDown:
    "An admin took this course down after a report. Ask for a review before publishing it again.",
  pageTakenDown:
    "An admin took this landing page down after a report. Ask for a review before publishing it again.",
  notTakenDown: "This content is not taken down, so it needs no review.",
  appealPending: "Your review request is already waiting for an admin.",
  removeNotAllowed: "Only discussions, replies and reviews can be removed; hide other content instead.",
  rejectReasonRequired: "Please give a reason for rejecting this content.",
  libraryItemNotFound: "This content no longer exists.",
} as const;

/**
 * An admin's decision on a report: keep the content ("approved"), hide it ("rejected": a course or
 * landing page is taken down, a review hidden), or remove it (discussions, replies and reviews are
 * deleted). On a review request ("appeal"): "approved" lets the owner publish again, "rejected"
 * keeps the content down.
 */
export const REPORT_DECISIONS = ["approved", "rejected", "removed"] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** Report target types an admin may remove outright (the rest are hidden). */
export const REMOVABLE_TYPES = ["discussion", "discussion_reply", "course_review"] as const;
