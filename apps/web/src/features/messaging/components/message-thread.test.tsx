import type { Conversation, Message } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { reconnectDelay } from "../hooks/use-messaging-events";
import { ConversationList } from "./conversation-list";
import { MessageThread } from "./message-thread";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ME = "user-me";
const CONVERSATION: Conversation = {
  id: "11111111-1111-4111-8111-111111111111",
  courseId: "22222222-2222-4222-8222-222222222222",
  courseTitle: "Tiếng Việt 101",
  teacherId: "teacher",
  studentId: ME,
  myRole: "student",
  otherParty: { id: "teacher", name: null, avatarUrl: null },
  lastMessageAt: null,
  lastMessagePreview: null,
  unreadCount: 0,
  unreadHighCount: 0,
  hasHighPriority: false,
  createdAt: new Date().toISOString(),
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function message(
  id: string,
  senderId: string,
  content: string,
  at: string,
  priority: "normal" | "high" = "normal",
): Message {
  return { id, conversationId: CONVERSATION.id, senderId, content, priority, createdAt: at };
}

function renderThread(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MessageThread conversation={CONVERSATION} myId={ME} now={new Date()} />
    </QueryClientProvider>,
  );
}

describe("MessageThread", () => {
  it("shows the history oldest first, own messages on the right, names falling back to Unknown User", async () => {
    const fetch = vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
      const href = String(url instanceof Request ? url.url : url);
      if (href.includes("/messages"))
        return json({
          messages: [
            message("a", "teacher", "Hello <b>there</b> https://example.com", "2026-01-01T08:00:00.000000Z"),
            message("b", ME, "Hi!", "2026-01-01T08:01:00.000000Z"),
          ],
          hasMore: false,
        });
      return json({ conversationId: CONVERSATION.id, lastReadAt: new Date().toISOString(), unreadTotal: 0 });
    });
    renderThread(fetch);
    const items = await screen.findAllByTestId("message");
    expect(items.map((i) => i.getAttribute("data-mine"))).toEqual(["false", "true"]);
    expect(items[0].textContent).toContain("Hello <b>there</b>");
    expect(items[0].querySelector("b")).toBeNull();
    expect(items[0].querySelector("a")?.getAttribute("href")).toBe("https://example.com");
    expect(screen.getByTestId("thread-name").textContent).toBe("Unknown User");
    // Opening the thread records the read marker.
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([u, init]) => String(u).includes("/read") && init?.method === "POST"),
      ).toBe(true),
    );
  });

  it("Enter sends the trimmed text, Shift+Enter does not, blank is never sent", async () => {
    const posts: string[] = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const href = String(url);
      if (href.includes("/messages") && init?.method === "POST") {
        const body = JSON.parse(String(init.body)) as { content: string };
        posts.push(body.content);
        return json(message("c", ME, body.content, new Date().toISOString()), 201);
      }
      if (href.includes("/messages")) return json({ messages: [], hasMore: false });
      return json({ conversationId: CONVERSATION.id, lastReadAt: new Date().toISOString(), unreadTotal: 0 });
    });
    renderThread(fetch);
    await screen.findByText("No messages yet. Say hello!");
    const input = screen.getByPlaceholderText("Type your message...") as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: "   \n  " } });
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.change(input, { target: { value: "  line one" } });
    fireEvent.keyDown(input, { key: "Enter", shiftKey: true });
    expect(posts).toEqual([]);
    fireEvent.change(input, { target: { value: "  line one\nline two  " } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(posts).toEqual(["line one\nline two"]));
    await waitFor(() => expect(input.value).toBe(""));
  });
});

describe("ConversationList", () => {
  it("shows the fallback name, course title, unread badge and time label", () => {
    const onSelect = vi.fn();
    render(
      <ConversationList
        conversations={[
          { ...CONVERSATION, unreadCount: 3, lastMessageAt: new Date(Date.now() - 5 * 60_000).toISOString() },
        ]}
        selectedId={null}
        onSelect={onSelect}
        now={new Date()}
      />,
    );
    const item = screen.getByTestId("conversation-item");
    expect(item.textContent).toContain("Unknown User");
    expect(item.textContent).toContain("Tiếng Việt 101");
    expect(item.textContent).toContain("5 minutes ago");
    expect(screen.getByTestId("unread-badge").textContent).toContain("3");
    fireEvent.click(item);
    expect(onSelect).toHaveBeenCalledWith(CONVERSATION.id);
  });
});

describe("message priority (issue 27 §4)", () => {
  it("shows the Priority badge on a high-priority message only", async () => {
    const fetch = vi.fn(async (url: string | URL | Request) => {
      const href = String(url instanceof Request ? url.url : url);
      if (href.includes("/messages"))
        return json({
          messages: [
            message("a", "teacher", "Normal one", "2026-01-01T08:00:00.000000Z"),
            message("b", "teacher", "Urgent one", "2026-01-01T08:01:00.000000Z", "high"),
          ],
          hasMore: false,
        });
      return json({ conversationId: CONVERSATION.id, lastReadAt: new Date().toISOString(), unreadTotal: 0 });
    });
    renderThread(fetch);
    const items = await screen.findAllByTestId("message");
    expect(items[0].querySelector("[data-testid=priority-badge]")).toBeNull();
    expect(items[1].querySelector("[data-testid=priority-badge]")?.textContent).toBe("Priority");
  });

  it("the composer's High priority toggle sends priority high once, then resets", async () => {
    const bodies: Array<{ content: string; priority: string }> = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const href = String(url);
      if (href.includes("/messages") && init?.method === "POST") {
        const body = JSON.parse(String(init.body)) as { content: string; priority: "normal" | "high" };
        bodies.push(body);
        return json(
          message(`m${bodies.length}`, ME, body.content, new Date().toISOString(), body.priority),
          201,
        );
      }
      if (href.includes("/messages")) return json({ messages: [], hasMore: false });
      return json({ conversationId: CONVERSATION.id, lastReadAt: new Date().toISOString(), unreadTotal: 0 });
    });
    renderThread(fetch);
    await screen.findByText("No messages yet. Say hello!");
    const toggle = screen.getByRole("button", { name: "High priority" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    const input = screen.getByPlaceholderText("Type your message...") as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: "Please check today" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(bodies).toEqual([{ content: "Please check today", priority: "high" }]));
    await waitFor(() => expect(toggle.getAttribute("aria-pressed")).toBe("false"));
    fireEvent.change(input, { target: { value: "And a normal one" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(bodies[1]).toEqual({ content: "And a normal one", priority: "normal" }));
  });

  it("the conversation list shows the Priority badge only where a message is high priority", () => {
    render(
      <ConversationList
        conversations={[
          { ...CONVERSATION, id: "c1", unreadCount: 1, unreadHighCount: 1, hasHighPriority: true },
          { ...CONVERSATION, id: "c2" },
        ]}
        selectedId={null}
        onSelect={() => {}}
        now={new Date()}
      />,
    );
    const [first, second] = screen.getAllByTestId("conversation-item");
    expect(first.querySelector("[data-testid=priority-badge]")?.textContent).toBe("Priority");
    expect(second.querySelector("[data-testid=priority-badge]")).toBeNull();
  });
});

describe("reconnectDelay", () => {
  it("backs off from 1 s doubling to 30 s, with at most 20% jitter", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });
});

describe("MessageThread composer (issue 17 item 10)", () => {
  it("says how many characters are too many past 5,000, never '-1 characters left', and cannot send", async () => {
    const fetch = vi.fn(async () => json({ messages: [], hasMore: false }));
    renderThread(fetch);
    const box = await screen.findByRole("textbox");
    fireEvent.change(box, { target: { value: "a".repeat(5000) } });
    await screen.findByText("0 characters left");
    fireEvent.change(box, { target: { value: "a".repeat(5001) } });
    await screen.findByText("1 character too many");
    expect(screen.queryByText(/-1 characters left/)).toBeNull();
    expect((screen.getByRole("button", { name: /send/i }) as HTMLButtonElement).disabled).toBe(true);
  });
});
