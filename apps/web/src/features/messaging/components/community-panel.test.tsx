import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
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

  it("loads the next page of conversations after the last one on request", async () => {
    const conversation = (n: number) => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      courseId: "10000000-0000-4000-8000-000000000000",
      courseTitle: "Tiếng Việt",
      teacherId: "me",
      studentId: `student-${n}`,
      myRole: "teacher",
      otherParty: { id: `student-${n}`, name: `Học viên ${n}`, avatarUrl: null },
      lastMessageAt: null,
      lastMessagePreview: null,
      unreadCount: 0,
      createdAt: "2026-11-21T00:00:00.000Z",
    });
    const urls: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
      urls.push(url.search);
      return url.searchParams.get("after")
        ? json({ conversations: [conversation(2)], hasMore: false })
        : json({ conversations: [conversation(1)], hasMore: true });
    });
    renderPanel(fetch);
    expect(await screen.findByText("Học viên 1")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more conversations" }));
    expect(await screen.findByText("Học viên 2")).toBeTruthy();
    expect(urls.at(-1)).toContain(`after=${conversation(1).id}`);
    expect(screen.queryByRole("button", { name: "Load more conversations" })).toBeNull();
  });

  it("the Unread and High Priority filters ask the server, and an empty filter says No messages found.", async () => {
    const filters: Array<string | null> = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
      filters.push(url.searchParams.get("filter"));
      return json({ conversations: [], hasMore: false });
    });
    renderPanel(fetch);
    expect(await screen.findByText("No conversations yet")).toBeTruthy();
    expect(filters).toEqual([null]);
    fireEvent.click(screen.getByRole("button", { name: "High Priority" }));
    expect(await screen.findByText("No messages found.")).toBeTruthy();
    expect(filters.at(-1)).toBe("high");
    expect(screen.getByRole("button", { name: "High Priority" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Unread" }));
    await vi.waitFor(() => expect(filters.at(-1)).toBe("unread"));
    fireEvent.click(screen.getByRole("button", { name: "All Messages" }));
    expect(await screen.findByText("No conversations yet")).toBeTruthy();
  });
});
