import { ERROR_REASON_TEXT, LANDING_MESSAGES } from "@academy/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import viErrors from "@/locales/vi/errors.json";
import { ApiError, errorReasonsReady, unwrap } from "./api-client";
import i18n from "./i18n";

/** A typed-client-like response answering `body` with `status`. */
function answer(body: unknown, status: number) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  ) as never;
}

async function failure(body: unknown, status: number): Promise<ApiError> {
  try {
    await unwrap(answer(body, status));
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("unwrap did not throw");
}

const SLUG_TAKEN = {
  error: { code: "CONFLICT", message: LANDING_MESSAGES.slugTaken, reason: "landing.slugTaken" },
};

describe("API errors in the UI language (issue 17 §6)", () => {
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  describe("in Vietnamese", () => {
    beforeAll(async () => {
      await i18n.changeLanguage("vi");
      await errorReasonsReady;
    });

    it("shows the Vietnamese text of the error's reason and keeps the server's English message", async () => {
      const error = await failure(SLUG_TAKEN, 409);
      expect(error.message).toBe("Đường dẫn này đã được sử dụng. Vui lòng chọn đường dẫn khác.");
      expect(error.serverMessage).toBe(LANDING_MESSAGES.slugTaken);
      expect(error.reason).toBe("landing.slugTaken");
      expect(error.code).toBe("CONFLICT");
      expect(error.status).toBe(409);
    });

    it("names the reason of a catalogued text an older server sent without one", async () => {
      const error = await failure(
        { error: { code: "UNAUTHORIZED", message: "Please sign in to continue." } },
        401,
      );
      expect(error.message).toBe("Vui lòng đăng nhập để tiếp tục.");
    });

    it("shows a text outside the catalogue as the server wrote it", async () => {
      const error = await failure(
        { error: { code: "PAYLOAD_TOO_LARGE", message: "File size must be less than 5MB" } },
        413,
      );
      expect(error.message).toBe("File size must be less than 5MB");
      expect(error.reason).toBeUndefined();
    });
  });

  it("in English, shows the spec's exact English text", async () => {
    await i18n.changeLanguage("en");
    const error = await failure(SLUG_TAKEN, 409);
    expect(error.message).toBe("This URL slug is already taken. Please choose another.");
  });

  it("every reason has a Vietnamese text that differs from the English one (names and codes aside)", () => {
    const vi = viErrors as Record<string, Record<string, string>>;
    const missing = Object.keys(ERROR_REASON_TEXT).filter((reason) => {
      const [group, key] = reason.split(".");
      return !vi[group]?.[key];
    });
    expect(missing).toEqual([]);
    const untranslated = Object.entries(ERROR_REASON_TEXT).filter(([reason, text]) => {
      const [group, key] = reason.split(".");
      return vi[group]?.[key] === text;
    });
    expect(untranslated).toEqual([]);
  });
});
