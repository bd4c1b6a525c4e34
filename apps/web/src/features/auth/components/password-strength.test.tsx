import { AUTH_MESSAGES } from "@academy/shared";
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authClient } from "@/lib/auth-client";
import i18n from "@/lib/i18n";
import { SignUpForm } from "./sign-up-form";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
vi.mock("@/lib/auth-client", () => ({
  authClient: { signUp: { email: vi.fn() } },
}));

const weak = {
  error: { status: 400, code: "VALIDATION_FAILED", message: AUTH_MESSAGES.passwordWeak },
  data: null,
};

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await act(async () => {
    await i18n.changeLanguage("en");
  });
});

/**
 * Issue 25 item 5 (finding #14): the server refuses a guessable password (zxcvbn score below 2)
 * and the form shows the reason under the password field, in the UI language.
 */
describe("password strength message from the server", () => {
  it.each(["en", "vi"] as const)("sign-up shows it under the password (%s)", async (lng) => {
    await act(async () => {
      await i18n.changeLanguage(lng);
    });
    vi.mocked(authClient.signUp.email).mockResolvedValue(weak as never);
    const { container } = render(<SignUpForm callbackURL="/dashboard" onSwitchToSignIn={() => {}} />);
    fireEvent.change(container.querySelector("#signup-name")!, { target: { value: "Lan" } });
    fireEvent.change(container.querySelector("#signup-email")!, { target: { value: "lan@example.com" } });
    fireEvent.change(container.querySelector("#signup-password")!, { target: { value: "aaaaaaaa" } });
    fireEvent.submit(container.querySelector("form")!);
    const alert = await waitFor(() => {
      const found = container.querySelector("#signup-password-error");
      expect(found).toBeTruthy();
      return found!;
    });
    expect(alert.textContent).toBe(
      lng === "en"
        ? AUTH_MESSAGES.passwordWeak
        : "Mật khẩu này quá dễ đoán. Hãy dùng vài từ không liên quan hoặc một chuỗi ký tự dài hơn.",
    );
    expect(authClient.signUp.email).toHaveBeenCalledTimes(1);
  });
});
