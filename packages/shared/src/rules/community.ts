/**
 * Community limits, texts and small helpers without zod (spec 000 §2 Student community, §8; issue
 * 13): pages that need only these do not load the schemas (issue 17 §14). The contracts stay in
 * `schemas/community.ts`.
 */
import { NUL_MESSAGE } from "./text-safety.ts";

/** Longest discussion or reply body, in characters after trimming (issue 13 §7). */
export const POST_MAX_LENGTH = 10_000;
/** Longest discussion title, in characters. */
export const DISCUSSION_TITLE_MAX = 200;
/** At most this many tags on a discussion, each at most TAG_MAX_LENGTH characters. */
export const DISCUSSION_TAGS_MAX = 10;
export const TAG_MAX_LENGTH = 30;
/** Posts (discussions + replies) one user may write per window (issue 13 §7, counted in the database). */
export const POST_RATE_LIMIT_MAX = 10;
export const POST_RATE_LIMIT_WINDOW_SECONDS = 60;
/** Minutes after posting during which the author may edit a discussion or reply (issue 13 §2). */
export const EDIT_WINDOW_MINUTES = 15;
/** Discussions per page of the list. */
export const DISCUSSION_PAGE_SIZE = 20;
/** Largest page the list accepts. */
export const DISCUSSION_PAGE_MAX = 50;
/** The list counts matches up to this many; more shows as "10,000+" (decision 0193). */
export const DISCUSSION_COUNT_CAP = 10_000;
/** At most one reply digest e-mail per thread author in this many minutes (issue 13 §2). */
export const REPLY_DIGEST_EVERY_MINUTES = 60;

/** Texts of the community: spec texts verbatim (000 §8), the rest written for issue 13. */
export const COMMUNITY_MESSAGES = {
  fillTitleAndContent: "Please fill in title and content",
  achievementNotEarned: "Only an achievement you have earned can be shared.",
  achievementPageNotFound: "This achievement page does not exist or is no longer shared.",
  created: "Discussion created successfully!",
  empty: "No discussions found matching your criteria.",
  titleTooLong: `Titles can be at most ${DISCUSSION_TITLE_MAX} characters.`,
  bodyTooLong: `Posts can be at most ${POST_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  replyEmpty: "Please write a reply.",
  nulCharacter: NUL_MESSAGE,
  tooManyTags: `At most ${DISCUSSION_TAGS_MAX} tags.`,
  tagTooLong: `Tags can be at most ${TAG_MAX_LENGTH} characters.`,
  rateLimited: "You are posting too quickly. Please wait a minute and try again.",
  notFound: "Discussion not found.",
  replyNotFound: "Reply not found.",
  courseNotFound: "Course not found.",
  schoolNotFound: "School not found.",
  noAccess: "You do not have access to this community.",
  notModerator: "Only the course's creator can do this.",
  notAuthor: "You can only edit your own posts.",
  editWindowOver: `Posts can only be edited within ${EDIT_WINDOW_MINUTES} minutes of posting.`,
  locked: "This discussion is locked.",
  replyNotInDiscussion: "This reply does not belong to the discussion.",
  reportReasonEmpty: "Please tell us what is wrong with this post.",
  alreadyReported: "You have already reported this post.",
  reportNotFound: "Report not found.",
  chooseSpace: "Choose a course or a school.",
} as const;

/** "tag one, tag two" (the spec's comma-separated field) → ["tag one", "tag two"]. */
export function parseTags(value: string): string[] {
  return [
    ...new Set(
      value
        .split(",")
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export const DISCUSSION_SORTS = ["newest", "upvoted", "active"] as const;
export type DiscussionSort = (typeof DISCUSSION_SORTS)[number];
