import type { DiscussionSummary } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import type { DiscussionParams } from "../api/community";
import { DiscussionsTab } from "./discussions-tab";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const item = (over: Partial<DiscussionSummary>): DiscussionSummary => ({
  id: "11111111-1111-4111-8111-111111111111",
  title: "Pinned thread",
  tags: [],
  author: { id: "u1", name: "Lan" },
  courseId: null,
  courseTitle: "Tiếng Việt 101",
  creatorId: "c1",
  schoolName: null,
  isPinned: true,
  isLocked: false,
  solved: false,
  hidden: false,
  replyCount: 2,
  upvoteCount: 1,
  upvoted: false,
  viewCount: 12,
  lastActivityAt: "2026-11-20T00:00:00.000Z",
  createdAt: "2026-11-20T00:00:00.000Z",
  ...over,
});

function renderTab(params: DiscussionParams, setParams = vi.fn()) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
      queries.push(url.searchParams);
      return json({
        items: [item({}), item({ id: "22222222-2222-4222-8222-222222222222", title: "Other", viewCount: 1 })],
        total: 2,
        totalCapped: false,
        page: 1,
        pageSize: 20,
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DiscussionsTab
        params={params}
        setParams={setParams}
        spaces={{ courses: [], schools: [], isCreator: false }}
        onOpen={() => undefined}
      />
    </QueryClientProvider>,
  );
  return { queries, setParams };
}

describe("DiscussionsTab filters and view counts (issue 27 §4)", () => {
  it("offers All / Pinned / Solved / Need Help / Mine and sets the chosen one", async () => {
    const { setParams } = renderTab({ sort: "active", page: 1 });
    const select = (await screen.findByLabelText("Filter")) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "All Discussions",
      "Pinned",
      "Solved",
      "Need Help (unanswered)",
      "My discussions",
    ]);
    fireEvent.change(select, { target: { value: "solved" } });
    expect(setParams).toHaveBeenCalledWith({
      unanswered: false,
      mine: false,
      pinned: false,
      solved: true,
      page: 1,
    });
  });

  it("asks the server for pinned discussions and shows each item's view count", async () => {
    const { queries } = renderTab({ sort: "active", page: 1, pinned: true });
    const counts = await screen.findAllByTestId("view-count");
    expect(counts.map((c) => c.textContent)).toEqual(["12 views", "1 view"]);
    expect(queries[0].get("pinned")).toBe("true");
    expect(queries[0].get("solved")).toBeNull();
    expect((screen.getByLabelText("Filter") as HTMLSelectElement).value).toBe("pinned");
  });

  it("says views in Vietnamese", async () => {
    await i18n.changeLanguage("vi");
    try {
      renderTab({ sort: "active", page: 1 });
      const counts = await screen.findAllByTestId("view-count");
      expect(counts[0].textContent).toBe("12 lượt xem");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
