import { act, cleanup, render, screen } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { LocalizedToaster } from "./providers";

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("en");
});

/** Toasts speak the interface language: Sonner's own labels ("Close toast") are English. */
describe("LocalizedToaster", () => {
  it.each([
    ["vi", "Đóng thông báo", "Thông báo"],
    ["en", "Close notification", "Notifications"],
  ])("labels the close button and the toast region in %s", async (language, close, region) => {
    await i18n.changeLanguage(language);
    render(<LocalizedToaster />);
    act(() => {
      toast.success("Saved.");
    });
    const button = await screen.findByRole("button", { name: close });
    expect(button).toBeTruthy();
    expect(document.querySelector("section")?.getAttribute("aria-label")).toMatch(new RegExp(`^${region} `));
    act(() => {
      toast.dismiss();
    });
  });
});
