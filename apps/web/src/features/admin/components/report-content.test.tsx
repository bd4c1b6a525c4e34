import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { meQueryOptions } from "@/lib/session";
import { ReportContent } from "./report-content";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderReport(signedIn = true) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(meQueryOptions.queryKey, signedIn ? ({ userId: "u1" } as never) : null);
  render(
    <QueryClientProvider client={client}>
      <ReportContent targetType="material" targetId="m-1" compact />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe("ReportContent (issue 14)", () => {
  it("is hidden for visitors", () => {
    renderReport(false);
    expect(screen.queryByRole("button", { name: "Report this material" })).toBeNull();
  });

  it("asks for a reason, sends reason and details, and thanks the reporter", async () => {
    fetchMock.mockResolvedValue(json({ id: "r1" }, 201));
    renderReport();
    fireEvent.click(screen.getByRole("button", { name: "Report this material" }));
    const dialog = await screen.findByRole("dialog");
    within(dialog).getByRole("heading", { name: "Report this material" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    within(dialog).getByText("Please fill in all required fields");
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "copyright" } });
    fireEvent.change(within(dialog).getByLabelText("Details (optional)"), {
      target: { value: "  Scanned from my book.  " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await screen.findByText("Thank you. The moderators will review it.");
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/reports$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      targetType: "material",
      targetId: "m-1",
      reason: "copyright",
      details: "Scanned from my book.",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's refusal (the hourly limit) in the dialog and keeps it open", async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          error: {
            code: "RATE_LIMITED",
            message: "You have sent many reports in a short time. Please try again in an hour.",
          },
        },
        429,
      ),
    );
    renderReport();
    fireEvent.click(screen.getByRole("button", { name: "Report this material" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "spam" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await within(dialog).findByRole("alert");
    expect(within(dialog).getByRole("alert").textContent).toMatch(/many reports|try again/i);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});
