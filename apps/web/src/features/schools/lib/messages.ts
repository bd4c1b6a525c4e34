import { MAPPED_ERROR_TEXT, SCHOOL_MESSAGES } from "@academy/shared";
import { INVALID_IMAGE_MESSAGE, INVALID_LOGO_MESSAGE } from "@academy/shared/rules/upload-areas";
import type { TFunction } from "i18next";

const SCHOOL_KEY = new Map(Object.entries(SCHOOL_MESSAGES).map(([key, text]) => [text as string, key]));
const MAPPED_KEY = new Map(Object.entries(MAPPED_ERROR_TEXT).map(([key, text]) => [text as string, key]));
const TOO_LARGE = /^File size must be less than (\d+)MB$/;

/**
 * A message from the shared school schemas, the uploads or the server, in the UI language
 * (schools:validation.*, common:errors.*); any other text is shown as the server wrote it.
 */
export function translateSchoolMessage(t: TFunction, message: string): string {
  const key = SCHOOL_KEY.get(message);
  if (key) return t(`schools:validation.${key}`);
  if (message === INVALID_LOGO_MESSAGE || message === INVALID_IMAGE_MESSAGE)
    return t("schools:validation.logoType");
  const tooLarge = TOO_LARGE.exec(message);
  if (tooLarge) return t("schools:validation.tooLarge", { mb: Number(tooLarge[1]) });
  const mapped = MAPPED_KEY.get(message);
  if (mapped) return t(`common:errors.${mapped}`);
  return message;
}
