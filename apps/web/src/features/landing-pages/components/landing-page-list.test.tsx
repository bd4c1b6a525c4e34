import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { LandingPageList } from "./landing-page-list";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderList() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      json(
        {
          error: {
            code: "FORBIDDEN",
            message: "Only platform administrators can do this.",
            reason: "admin.adminOnly",
          },
        },
        403,
      ),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LandingPageList />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  await i18n.changeLanguage("en");
});

describe("LandingPageList error state (issue 17 §6: server errors by code, in the UI language)", () => {
  it("shows the server's error in Vietnamese for the Vietnamese UI", async () => {
    await i18n.changeLanguage("vi");
    renderList();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Chỉ quản trị viên nền tảng mới có thể làm việc này.");
    expect(alert.textContent).not.toContain("Only platform administrators");
  });

  it("shows the spec's English text for the English UI", async () => {
    await i18n.changeLanguage("en");
    renderList();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Only platform administrators can do this.");
  });
});
