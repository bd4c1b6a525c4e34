import { describe, expect, it } from "vitest";
import { codeErrorKey } from "./two-factor-step";

describe("sign-in code step messages (issue 25 item 6)", () => {
  it("maps better-auth's refusals of a code to clear messages", () => {
    expect(codeErrorKey({ code: "INVALID_CODE", status: 401 }, false)).toBe("wrongCode");
    expect(codeErrorKey({ code: "INVALID_BACKUP_CODE", status: 401 }, true)).toBe("wrongRecoveryCode");
    expect(codeErrorKey({ code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", status: 400 }, false)).toBe(
      "startAgain",
    );
    expect(codeErrorKey({ code: "INVALID_TWO_FACTOR_COOKIE", status: 401 }, true)).toBe("startAgain");
    expect(codeErrorKey({ code: "ACCOUNT_TEMPORARILY_LOCKED", status: 429 }, false)).toBe("locked");
    expect(codeErrorKey({ status: 429 }, false)).toBe("rateLimited");
    expect(codeErrorKey({ status: 401 }, true)).toBe("wrongRecoveryCode");
    expect(codeErrorKey({ status: 500 }, false)).toBe("failed");
  });
});
