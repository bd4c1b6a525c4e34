import { AUTH_MESSAGES } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authClient } from "@/lib/auth-client";
import i18n from "@/lib/i18n";
import { PasswordForm } from "./password-form";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
vi.mock("@/lib/auth-client", () => ({ authClient: { changePassword: vi.fn() } }));

const weak = {
  error: { status: 400, code: "VALIDATION_FAILED", message: AUTH_MESSAGES.passwordWeak },
  data: null,
};

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** Issue 25 item 5 (finding #14): the server's strength refusal shows under the new password. */
describe("PasswordForm", () => {
  it("change password shows it under the new password", async () => {
    vi.mocked(authClient.changePassword).mockResolvedValue(weak as never);
    const client = new QueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <PasswordForm hasPassword />
      </QueryClientProvider>,
    );
    fireEvent.change(container.querySelector("#password-current")!, { target: { value: "old-Secret-9" } });
    fireEvent.change(container.querySelector("#password-new")!, { target: { value: "12345678a" } });
    fireEvent.change(container.querySelector("#password-confirm")!, { target: { value: "12345678a" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() =>
      expect(container.querySelector("#password-new-error")?.textContent).toBe(AUTH_MESSAGES.passwordWeak),
    );
  });
});
