import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { CommunityPanel } from "./community-panel";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderPanel(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CommunityPanel myId="me" selectedId={null} onSelect={() => undefined} />
    </QueryClientProvider>,
  );
}

describe("CommunityPanel", () => {
  it("asks to log in when the session is gone", async () => {
    renderPanel(
      vi.fn(async () =>
        json({ error: { code: "UNAUTHORIZED", message: "Please sign in to continue." } }, 401),
      ),
    );
    expect(await screen.findByText("Please log in to access the community.")).toBeTruthy();
  });

  it("shows the empty states: no conversations, nothing selected", async () => {
    renderPanel(vi.fn(async () => json({ conversations: [], hasMore: false })));
    expect(await screen.findByText("No conversations yet")).toBeTruthy();
    expect(screen.getByText("Select a conversation to start messaging")).toBeTruthy();
    expect(screen.getByPlaceholderText("Search conversations...")).toBeTruthy();
  });
});
