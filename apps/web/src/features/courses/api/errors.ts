import { BULK_MESSAGES } from "@academy/shared";
import type { TFunction } from "i18next";
import { ApiError } from "@/lib/api-client";

/** Server messages of the courses API (apps/server/src/features/courses) and their catalogue keys. */
const KNOWN_MESSAGES: Record<string, string> = {
  "This course has enrolled students and cannot be deleted. Unpublish it instead.": "errors.hasStudents",
  "Students have paid for this course, and payment records are never deleted, so the course cannot be deleted. Unpublish it instead.":
    "errors.hasPayments",
  "Course not found.": "errors.notFound",
  "Only creators can manage courses.": "errors.creatorsOnly",
  "Publish the course to get its QR code.": "errors.qrNeedsPublish",
  [BULK_MESSAGES.missingSelection]: "bulk.missingSelectionBody",
  [BULK_MESSAGES.invalidAction]: "bulk.invalidAction",
  [BULK_MESSAGES.messageRequired]: "bulk.messageRequired",
};

/**
 * The text to show for a failed courses call, in the UI language: the server's message (translated
 * when it is one of the known ones), the generic network text, or the generic "unexpected" text.
 */
export function courseErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === "NETWORK") return t("common:errors.network");
    const key = KNOWN_MESSAGES[error.serverMessage];
    if (key) return t(`courses:${key}`);
    return error.message;
  }
  return t("common:errors.unexpected");
}

/** True when the server refused the bulk action because the action is not one it knows (000 §8). */
export function isInvalidActionError(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 400 && error.serverMessage === BULK_MESSAGES.invalidAction
  );
}
