import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authClient } from "@/lib/auth-client";
import i18n from "@/lib/i18n";
import { GoogleButton } from "./google-button";

vi.mock("@/lib/auth-client", () => ({
  authClient: { signIn: { social: vi.fn(async () => ({ error: null })) } },
}));

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("GoogleButton", () => {
  it("asks for a student account from /join or an invitation (issue 5)", async () => {
    render(<GoogleButton callbackURL="/invitation?invitation=abc" asStudent />);
    fireEvent.click(screen.getByRole("button"));
    await waitFor(() => expect(authClient.signIn.social).toHaveBeenCalledTimes(1));
    expect(authClient.signIn.social).toHaveBeenCalledWith({
      provider: "google",
      callbackURL: "/invitation?invitation=abc",
      additionalData: { signupRole: "student" },
    });
  });

  it("asks for nothing special otherwise", async () => {
    render(<GoogleButton callbackURL="/dashboard" />);
    fireEvent.click(screen.getByRole("button"));
    await waitFor(() => expect(authClient.signIn.social).toHaveBeenCalledTimes(1));
    expect(authClient.signIn.social).toHaveBeenCalledWith({ provider: "google", callbackURL: "/dashboard" });
  });
});
