/**
 * Stable reasons for the API's error messages (issue 17 §6, decision 0203).
 *
 * Every error body is `{ error: { code, message, reason?, issues? } }`: `code` is the coarse class
 * that sets the HTTP status (`ERROR_STATUS`), `message` the spec's exact English text (kept for API
 * clients), and `reason` a stable name of that text — "landing.slugTaken" — that the web app looks
 * up in its `errors` catalogue to show the person's language. The reason is derived from the message
 * constants below, so a service keeps throwing `AppError(code, LANDING_MESSAGES.slugTaken)` and the
 * error handler names it (`errorReason`). A message that is not listed has no reason and is shown as
 * sent (dynamic texts such as upload size limits).
 */

import { ADMIN_MESSAGES } from "./rules/admin.ts";
import { ANALYTICS_MESSAGES } from "./rules/analytics.ts";
import { AUTH_MESSAGES } from "./rules/auth.ts";
import { COMMUNITY_MESSAGES } from "./rules/community.ts";
import { BULK_MESSAGES, COURSE_MESSAGES } from "./rules/course.ts";
import { DRIP_MESSAGES } from "./rules/drip.ts";
import { MAPPED_ERROR_TEXT } from "./rules/error-mapping.ts";
import { HELP_MESSAGES } from "./rules/help.ts";
import { ANALYTICS_ID_MESSAGES, LANDING_MESSAGES } from "./rules/landing-pages.ts";
import { SAMPLE_TEXT_MESSAGE } from "./rules/landing-sample-text.ts";
import { LEARNING_MESSAGES } from "./rules/learning.ts";
import { MODERATION_MESSAGES } from "./rules/moderation.ts";
import { PAYMENT_METHOD_MESSAGES } from "./rules/payment-methods.ts";
import { REVIEW_MESSAGES } from "./rules/reviews.ts";
import { SCHOOL_MESSAGES } from "./rules/schools.ts";
import { STUDENT_MESSAGES } from "./rules/students.ts";
import { STUDY_REMINDER_MESSAGES } from "./rules/study-reminders.ts";
import { JSON_TOO_DEEP_MESSAGE, NUL_MESSAGE } from "./rules/text-safety.ts";
import {
  CREATOR_ONLY_MESSAGE,
  INVALID_IMAGE_MESSAGE,
  INVALID_LOGO_MESSAGE,
  INVALID_MATERIAL_MESSAGE,
  INVALID_VIDEO_MESSAGE,
  NO_FILE_MESSAGE,
} from "./rules/upload-areas.ts";
import { ACCOUNT_MESSAGES } from "./schemas/account.ts";
import { CHALLENGE_MESSAGES } from "./schemas/challenges.ts";
import { MESSAGING_MESSAGES } from "./schemas/messaging.ts";
import {
  PAYMENT_MESSAGES,
  PURCHASE_MESSAGES,
  REFUND_MESSAGES,
  REFUND_REQUEST_MESSAGES,
} from "./schemas/payments.ts";
import { BUDDY_MESSAGES } from "./schemas/study-buddies.ts";
import { STUDY_GROUP_MESSAGES } from "./schemas/study-groups.ts";

/**
 * Server texts that are not part of a feature's message set (written inline by the server; the
 * server's texts must stay equal to these for the reason to be found).
 */
export const SERVER_MESSAGES = {
  signIn: "Please sign in to continue.",
  fileNotFound: "File not found.",
  subjectNotFound: "Subject not found.",
  reportNotFound: "Report not found.",
  profileNotFound: "Profile not found.",
  faqNotFound: "FAQ entry not found.",
  crossOrigin: "Cross-origin requests are not allowed.",
  crossSite: "This request came from another site and was refused.",
  chooseSubject: "Please choose a subject from the list.",
  chooseOwnCourse: "Choose one of your courses.",
  multipart: "Send the file as multipart/form-data.",
  userNotFound: "User not found.",
  uploadNotFound: "Upload not found.",
  reportedContentNotFound: "The reported content was not found.",
  partnerNotFound: "Referral partner not found.",
  materialNotFound: "Material not found.",
  enrolmentNotFound: "Enrolment not found.",
  batchNotFound: "Email batch not found.",
  domainNotFound: "Domain not found.",
  courseNotFound: "Course not found.",
  couponNotFound: "Coupon not found.",
  brandingKitNotFound: "Branding kit not found.",
  certificateFailed: "Could not issue the certificate. Please try again.",
  calendarFailed: "Could not create the calendar file.",
  notYourTicket: "This is not your ticket.",
  ticketStatusSupportOnly: "Only support can change this ticket's status.",
  publishLandingForQr: "Publish the landing page to get its QR code.",
  publishCourseForQr: "Publish the course to get its QR code.",
  uploadUnreadable: "The upload could not be read.",
  uploadAreaDiffers: "The area in the form differs from the one in the address.",
  pdfUnavailable: "The certificate PDF could not be made right now. Please try again in a minute.",
  databaseUnavailable: "Academy is briefly unavailable. Please try again in a few seconds.",
  restarting: "The server is restarting. Please try again in a minute.",
  tooManyStreams: "Too many open connections. Close some Academy tabs and try again.",
  privateFile: "This file is available to the course's students only.",
  bodyTooLarge: "The request body is too large.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  tooManyEvents: "Too many events. Please wait a minute.",
  noEndpoint: "No such endpoint.",
  invalidInput: "Invalid input",
  jsonTooDeep: JSON_TOO_DEEP_MESSAGE,
} as const;

const UPLOAD_MESSAGES = {
  invalidImage: INVALID_IMAGE_MESSAGE,
  invalidMaterial: INVALID_MATERIAL_MESSAGE,
  invalidLogo: INVALID_LOGO_MESSAGE,
  invalidVideo: INVALID_VIDEO_MESSAGE,
  creatorOnly: CREATOR_ONLY_MESSAGE,
  noFile: NO_FILE_MESSAGE,
  nul: NUL_MESSAGE,
} as const;

/** The message sets by reason prefix; earlier sets win when two hold the same text. */
const GROUPS: ReadonlyArray<readonly [string, Readonly<Record<string, string>>]> = [
  ["server", SERVER_MESSAGES],
  ["generic", MAPPED_ERROR_TEXT],
  ["auth", AUTH_MESSAGES],
  ["account", ACCOUNT_MESSAGES],
  ["admin", ADMIN_MESSAGES],
  ["analytics", ANALYTICS_MESSAGES],
  ["community", COMMUNITY_MESSAGES],
  ["course", COURSE_MESSAGES],
  ["bulk", BULK_MESSAGES],
  ["drip", DRIP_MESSAGES],
  ["help", HELP_MESSAGES],
  ["landing", LANDING_MESSAGES],
  ["analyticsId", ANALYTICS_ID_MESSAGES],
  ["landingSample", { sampleText: SAMPLE_TEXT_MESSAGE }],
  ["learning", LEARNING_MESSAGES],
  ["messaging", MESSAGING_MESSAGES],
  ["moderation", MODERATION_MESSAGES],
  ["payment", PAYMENT_MESSAGES],
  ["purchase", PURCHASE_MESSAGES],
  ["paymentMethod", PAYMENT_METHOD_MESSAGES],
  ["refund", REFUND_MESSAGES],
  ["review", REVIEW_MESSAGES],
  ["refundRequest", REFUND_REQUEST_MESSAGES],
  ["school", SCHOOL_MESSAGES],
  ["student", STUDENT_MESSAGES],
  ["studyGroup", STUDY_GROUP_MESSAGES],
  ["buddy", BUDDY_MESSAGES],
  ["challenge", CHALLENGE_MESSAGES],
  ["studyReminder", STUDY_REMINDER_MESSAGES],
  ["upload", UPLOAD_MESSAGES],
];

/** Every reason with its English text, e.g. `{ "landing.slugTaken": "This URL slug is already taken. …" }`. */
export const ERROR_REASON_TEXT: Readonly<Record<string, string>> = Object.fromEntries(
  GROUPS.flatMap(([group, messages]) =>
    Object.entries(messages).map(([key, text]) => [`${group}.${key}`, text]),
  ),
);

const REASON_BY_TEXT = new Map<string, string>();
for (const [reason, text] of Object.entries(ERROR_REASON_TEXT)) {
  if (!REASON_BY_TEXT.has(text)) REASON_BY_TEXT.set(text, reason);
}

/**
 * The stable reason of an English API message ("This URL slug is already taken. Please choose
 * another." → "landing.slugTaken"), or undefined for a text outside the catalogue.
 */
export function errorReason(message: string | null | undefined): string | undefined {
  return message ? REASON_BY_TEXT.get(message) : undefined;
}
