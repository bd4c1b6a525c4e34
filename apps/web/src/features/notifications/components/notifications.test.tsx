import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationList,
} from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { NotificationBell } from "./notification-bell";
import { NotificationPreferencesCard } from "./notification-preferences";
import { relativeTime } from "./notification-text";

function item(over: Partial<Notification>): Notification {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    type: "discussion_reply",
    data: { actorName: "Sam Le", title: "Broth tips", excerpt: "Simmer for 6 hours" },
    link: "/dashboard/community?tab=discussions&discussion=d1",
    readAt: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...over,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A fake API: the routes the bell and the settings call; records every request. */
function fakeApi(opts: { pages: NotificationList[]; unread: number }) {
  const calls: Array<{ method: string; url: string; body?: string }> = [];
  let unread = opts.unread;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://x",
    );
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const body = init?.body
      ? String(init.body)
      : input instanceof Request
        ? await input.clone().text()
        : undefined;
    calls.push({ method, url: url.pathname + url.search, body });
    if (url.pathname === "/api/notifications/unread") return json({ unread });
    if (url.pathname === "/api/notifications/read-all") {
      unread = 0;
      return json({ unread });
    }
    if (/\/api\/notifications\/[^/]+\/read$/.test(url.pathname)) {
      unread = Math.max(0, unread - 1);
      return json({ unread });
    }
    if (url.pathname === "/api/notifications") {
      const cursor = url.searchParams.get("cursor");
      return json(cursor ? opts.pages[1] : opts.pages[0]);
    }
    return json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

function showBell() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/dashboard"]}>
        <Routes>
          <Route path="/dashboard" element={<NotificationBell />} />
          <Route path="/dashboard/community" element={<p>Thread page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("NotificationBell (issue 27 §2)", () => {
  it("shows the unread count, lists notifications with their time, loads more, marks all read", async () => {
    const calls = fakeApi({
      unread: 3,
      pages: [
        {
          items: [
            item({}),
            item({
              id: "00000000-0000-4000-8000-000000000002",
              type: "certificate_issued",
              data: { courseTitle: "Phở at home" },
              link: "/certificates/ABC",
              readAt: new Date().toISOString(),
            }),
          ],
          nextCursor: "next",
        },
        {
          items: [
            item({
              id: "00000000-0000-4000-8000-000000000003",
              type: "order_paid",
              data: { courseTitle: "Phở at home", event: "sale", actorName: "Ana" },
              link: "/dashboard/earnings",
            }),
          ],
          nextCursor: null,
        },
      ],
    });
    showBell();
    const bell = await screen.findByRole("button", { name: "Notifications, 3 unread" });
    expect(screen.getByTestId("notification-count").textContent).toBe("3");
    fireEvent.click(bell);
    const panel = await screen.findByTestId("notification-panel");
    const items = await within(panel).findAllByTestId("notification-item");
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining("Sam Le replied to your discussion “Broth tips”"),
      expect.stringContaining("Your certificate for “Phở at home” is ready"),
    ]);
    expect(items[0]!.textContent).toContain("5 minutes ago");
    expect(items[0]!.getAttribute("data-unread")).toBe("true");
    expect(items[1]!.getAttribute("data-unread")).toBeNull();
    expect(items[1]!.getAttribute("href")).toBe("/certificates/ABC");

    fireEvent.click(within(panel).getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(panel).getAllByTestId("notification-item")).toHaveLength(3));
    expect(calls.some((c) => c.url === "/api/notifications?cursor=next")).toBe(true);
    expect(within(panel).getAllByTestId("notification-item")[2]!.textContent).toContain(
      "New sale: Ana bought “Phở at home”",
    );
    expect(within(panel).queryByRole("button", { name: "Load more" })).toBeNull();

    fireEvent.click(within(panel).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(screen.queryByTestId("notification-count")).toBeNull());
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/notifications/read-all")).toBe(true);
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
  });

  it("Escape closes the panel and focus returns to the bell; an item marks itself read and opens its page", async () => {
    const calls = fakeApi({ unread: 1, pages: [{ items: [item({})], nextCursor: null }] });
    showBell();
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    fireEvent.click(bell);
    await screen.findByTestId("notification-panel");
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("notification-panel")).toBeNull());
    expect(document.activeElement).toBe(bell);

    fireEvent.click(bell);
    const link = await screen.findByTestId("notification-item");
    fireEvent.click(link);
    expect(await screen.findByText("Thread page")).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.method === "POST" && c.url === "/api/notifications/00000000-0000-4000-8000-000000000001/read",
        ),
      ).toBe(true),
    );
  });

  it("says so when there is nothing yet", async () => {
    fakeApi({ unread: 0, pages: [{ items: [], nextCursor: null }] });
    showBell();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mark all as read" }).hasAttribute("disabled")).toBe(true);
  });

  it("speaks Vietnamese", async () => {
    await i18n.changeLanguage("vi");
    try {
      fakeApi({ unread: 2, pages: [{ items: [item({})], nextCursor: null }] });
      showBell();
      fireEvent.click(await screen.findByRole("button", { name: "Thông báo, 2 chưa đọc" }));
      expect((await screen.findByTestId("notification-item")).textContent).toContain(
        "Sam Le đã trả lời thảo luận “Broth tips” của bạn",
      );
      expect(screen.getByRole("button", { name: "Đánh dấu tất cả là đã đọc" })).toBeTruthy();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("relative times in both languages", () => {
    const now = Date.parse("2026-11-29T03:00:00Z");
    expect(relativeTime("2026-11-29T01:00:00Z", "en", now)).toBe("2 hours ago");
    expect(relativeTime("2026-11-28T03:00:00Z", "vi", now)).toBe("Hôm qua");
  });
});

describe("NotificationPreferencesCard (issue 27 §2)", () => {
  it("a row per type with its channel; e-mail cannot be chosen for essential types; a change saves that type", async () => {
    const preferences = NOTIFICATION_TYPES.map((type) => ({ type, channel: NOTIFICATION_DEFAULTS[type] }));
    const calls: Array<{ method: string; body?: string }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
        const body = init?.body
          ? String(init.body)
          : input instanceof Request
            ? await input.clone().text()
            : undefined;
        calls.push({ method, body });
        if (method === "PUT") {
          const sent = JSON.parse(body ?? "{}") as { preferences: Array<{ type: string; channel: string }> };
          return json({
            preferences: preferences.map((p) => sent.preferences.find((s) => s.type === p.type) ?? p),
          });
        }
        return json({ preferences });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NotificationPreferencesCard />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(NOTIFICATION_TYPES.length + 1);
    const mentionEmail = screen.getByRole("radio", { name: "Mentions: E-mail" }) as HTMLInputElement;
    expect(mentionEmail.checked).toBe(true);
    // Receipts are always e-mailed: no E-mail choice on the Payments row.
    expect(screen.queryByRole("radio", { name: "Payments: E-mail" })).toBeNull();
    expect((screen.getByRole("radio", { name: "Payments: In app" }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole("radio", { name: "Mentions: Off" }));
    await waitFor(() =>
      expect((screen.getByRole("radio", { name: "Mentions: Off" }) as HTMLInputElement).checked).toBe(true),
    );
    const put = calls.find((c) => c.method === "PUT");
    expect(JSON.parse(put?.body ?? "{}")).toEqual({ preferences: [{ type: "mention", channel: "off" }] });
  });
});
