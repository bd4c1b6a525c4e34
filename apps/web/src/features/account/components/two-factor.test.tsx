import type { TwoFactorStatus } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { TwoFactorCard, twoFactorErrorKey } from "./two-factor-card";
import { PROMPT_DISMISSED_KEY, TwoFactorPrompt } from "./two-factor-prompt";

function status(over: Partial<TwoFactorStatus>): TwoFactorStatus {
  return { enabled: false, hasPassword: true, required: false, suggest: false, ...over };
}

function show(ui: React.ReactNode, answer: TwoFactorStatus) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe("two-factor screens (issue 25 item 6)", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
  });
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage("en");
  });

  it("the creator prompt shows only when suggested, links to the card, and stays dismissed", async () => {
    show(<TwoFactorPrompt />, status({ suggest: true }));
    const prompt = await screen.findByTestId("two-factor-prompt");
    expect(prompt.textContent).toContain("first sale");
    expect(screen.getByRole("link", { name: "Set it up" }).getAttribute("href")).toBe(
      "/dashboard/account#two-factor",
    );
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByTestId("two-factor-prompt")).toBeNull();
    expect(localStorage.getItem(PROMPT_DISMISSED_KEY)).toBe("1");
    cleanup();
    const fetch = show(<TwoFactorPrompt />, status({ suggest: true }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId("two-factor-prompt")).toBeNull();
  });

  it("no prompt without a sale (suggest false)", async () => {
    const fetch = show(<TwoFactorPrompt />, status({ suggest: false }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("two-factor-prompt")).toBeNull();
  });

  it("the card says Off with a turn-on button, the admin notice when required, and asks the password first", async () => {
    show(<TwoFactorCard />, status({ required: true }));
    expect((await screen.findByTestId("two-factor-state")).textContent).toBe("Off");
    expect(screen.getByText(/must turn on two-factor authentication/)).toBeTruthy();
    fireEvent.click(screen.getByTestId("two-factor-enable"));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter your password.");
  });

  it("an enrolled card offers new codes and turning off; a Google-only account is told to add a password", async () => {
    show(<TwoFactorCard />, status({ enabled: true }));
    expect((await screen.findByTestId("two-factor-state")).textContent).toBe("On");
    expect(screen.getByRole("button", { name: "New recovery codes" })).toBeTruthy();
    expect(screen.getByTestId("two-factor-disable")).toBeTruthy();
    cleanup();
    show(<TwoFactorCard />, status({ hasPassword: false }));
    expect(await screen.findByText(/You sign in with Google/)).toBeTruthy();
    expect(screen.queryByTestId("two-factor-enable")).toBeNull();
  });

  it("in Vietnamese too", async () => {
    await i18n.changeLanguage("vi");
    show(<TwoFactorCard />, status({}));
    expect((await screen.findByTestId("two-factor-state")).textContent).toBe("Đang tắt");
    expect(screen.getByRole("button", { name: "Bật xác thực hai bước" })).toBeTruthy();
  });

  it("maps better-auth's refusals to clear messages", () => {
    expect(twoFactorErrorKey({ code: "INVALID_PASSWORD", status: 400 })).toBe("wrongPassword");
    expect(twoFactorErrorKey({ code: "INVALID_CODE", status: 401 })).toBe("wrongCode");
    expect(twoFactorErrorKey({ status: 429 })).toBe("rateLimited");
    expect(twoFactorErrorKey({ code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", status: 400 })).toBe("startAgain");
    for (const lang of ["en", "vi"]) {
      for (const key of [
        "wrongPassword",
        "wrongCode",
        "wrongRecoveryCode",
        "startAgain",
        "locked",
        "rateLimited",
        "failed",
      ]) {
        expect(i18n.exists(`account:twoFactor.errors.${key}`, { lng: lang }), `${lang} ${key}`).toBe(true);
      }
    }
  });
});
