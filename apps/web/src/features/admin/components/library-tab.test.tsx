import type { LibraryItem } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { LibraryTab } from "./library-tab";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const item = (over: Partial<LibraryItem>): LibraryItem => ({
  type: "course",
  id: "11111111-1111-4111-8111-111111111111",
  title: "Tiếng Việt giao tiếp",
  published: true,
  materialType: null,
  ownerName: "Cao Thị Hương",
  ownerEmail: "huong@example.com",
  status: "pending",
  rejectReason: null,
  takenDown: false,
  link: "/join/11111111-1111-4111-8111-111111111111",
  updatedAt: "2026-11-28T03:00:00.000Z",
  reviewedAt: null,
  ...over,
});
const ITEMS = [
  item({}),
  item({
    type: "landing_page",
    id: "22222222-2222-4222-8222-222222222222",
    title: "Trang Phở",
    link: "/lp/pho",
  }),
  item({
    type: "material",
    id: "33333333-3333-4333-8333-333333333333",
    title: "Bài tập",
    materialType: "quiz",
    link: null,
  }),
];

function renderTab() {
  const calls: { method: string; url: URL; body?: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === "GET" && url.pathname === "/api/admin/library") {
      const type = url.searchParams.get("type");
      const items = ITEMS.filter((i) => type === "all" || i.type === type);
      return json({ items, total: 45, page: Number(url.searchParams.get("page")), pageSize: 20 });
    }
    if (method === "POST" && url.pathname.endsWith("/review")) return json(null, 204);
    return json({ error: { code: "NOT_FOUND", message: "nope" } }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LibraryTab />
    </QueryClientProvider>,
  );
  return calls;
}

describe("Admin Panel › Content Library", () => {
  it("lists the three kinds, filters by type and status, searches and pages", async () => {
    const calls = renderTab();
    expect(await screen.findByText("Tiếng Việt giao tiếp")).toBeTruthy();
    expect(screen.getByText("Trang Phở")).toBeTruthy();
    expect(screen.getByText("Bài tập")).toBeTruthy();
    // Pending review is the first view.
    expect(calls[0].url.searchParams.get("status")).toBe("pending");
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "material" } });
    await waitFor(() => expect(screen.queryByText("Trang Phở")).toBeNull());
    expect(calls.at(-1)?.url.searchParams.get("type")).toBe("material");
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "rejected" } });
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get("status")).toBe("rejected"));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search by title or owner" }), {
      target: { value: "nguyen" },
    });
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get("search")).toBe("nguyen"), {
      timeout: 2000,
    });
    const pages = screen.getByRole("navigation");
    expect(pages.textContent).toMatch(/1.*3/);
    fireEvent.click(within(pages).getAllByRole("button", { name: /Next/ })[0]);
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get("page")).toBe("2"));
  });

  it("approves at once, and rejects only with a reason", async () => {
    const calls = renderTab();
    const row = await screen.findByTestId("library-item-11111111-1111-4111-8111-111111111111");
    fireEvent.click(within(row).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      url: expect.objectContaining({
        pathname: "/api/admin/library/course/11111111-1111-4111-8111-111111111111/review",
      }),
      body: { decision: "approved" },
    });
    const page = screen.getByTestId("library-item-22222222-2222-4222-8222-222222222222");
    fireEvent.click(within(page).getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject and take down" }));
    // No reason: nothing is sent.
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Copied text" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject and take down" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "POST")[1]).toMatchObject({
      body: { decision: "rejected", reason: "Copied text" },
    });
  });
});
