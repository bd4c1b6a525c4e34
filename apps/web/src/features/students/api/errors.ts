import { STUDENT_MESSAGES } from "@academy/shared";
import type { TFunction } from "i18next";
import { ApiError } from "@/lib/api-client";

/** Server messages of the students API and their catalogue keys (000 §8 Students). */
const KNOWN: Record<string, string> = {
  [STUDENT_MESSAGES.assignMissing]: "assign.missing",
  [STUDENT_MESSAGES.alreadyEnrolled]: "assign.alreadyEnrolled",
  [STUDENT_MESSAGES.courseNotFound]: "errors.courseNotFound",
  [STUDENT_MESSAGES.noStudentsSelected]: "bulk.noneSelected.description",
  [STUDENT_MESSAGES.enrolmentNotFound]: "errors.enrolmentNotFound",
  [STUDENT_MESSAGES.notPending]: "errors.notPending",
  "Please enter a valid email address.": "errors.emailInvalid",
  "Only creators can manage courses.": "errors.creatorsOnly",
};

/** The text to show for a failed students call, in the UI language. */
export function studentErrorText(error: unknown, t: TFunction, fallbackKey = "errors.load"): string {
  if (error instanceof ApiError) {
    if (error.code === "NETWORK") return t("common:errors.network");
    const key = KNOWN[error.serverMessage];
    if (key) return t(`students:${key}`);
    if (error.status >= 500) return t(`students:${fallbackKey}`);
    return error.message;
  }
  return t(`students:${fallbackKey}`);
}
