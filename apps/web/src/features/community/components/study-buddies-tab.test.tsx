import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { StudyBuddiesTab } from "./study-buddies-tab";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const COURSE = { id: "11111111-1111-4111-8111-111111111111", title: "Tiếng Việt 101" };
const prefs = (visible: boolean) => ({
  visible,
  courseIds: [],
  goals: [],
  availability: [],
  language: "any",
  level: null,
  studyStyle: null,
  timeZone: visible ? "Asia/Ho_Chi_Minh" : null,
  courses: [COURSE],
  saved: visible,
});
const buddy = {
  id: "22222222-2222-4222-8222-222222222222",
  status: "accepted",
  direction: "incoming",
  other: { id: "u-lan", name: "Lan", avatarUrl: null },
  note: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  respondedAt: "2026-11-02T00:00:00.000Z",
  conversationId: null,
};

type Routes = Record<string, (init?: RequestInit) => Response>;

function renderTab(routes: Routes, onOpenConversation = vi.fn()) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(init) : json({ error: { code: "NOT_FOUND", message: "nope" } }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StudyBuddiesTab onOpenConversation={onOpenConversation} />
    </QueryClientProvider>,
  );
  return fetch;
}

describe("StudyBuddiesTab", () => {
  it("shows a loading state, then the empty states and asks to opt in before suggesting anyone", async () => {
    const fetch = renderTab({
      "GET /api/study-buddies/preferences": () => json(prefs(false)),
      "GET /api/study-buddies": () => json({ buddies: [], incoming: [], outgoing: [] }),
      "GET /api/study-buddies/blocks": () => json({ blocked: [] }),
    });
    expect(screen.getByText("Loading study buddies...")).toBeTruthy();
    expect(await screen.findByText("No requests waiting for you.")).toBeTruthy();
    expect(screen.getByText(/No study buddies yet/)).toBeTruthy();
    expect(screen.getByText(/Turn on “Show me to other students”/)).toBeTruthy();
    expect(screen.getByLabelText("Tiếng Việt 101")).toBeTruthy();
    // Not opted in: suggestions are never asked for.
    expect(fetch.mock.calls.some(([u]) => String(u).includes("/suggestions"))).toBe(false);
  }, 30_000);

  it("removes a buddy only after the confirmation", async () => {
    let removed = 0;
    renderTab({
      "GET /api/study-buddies/preferences": () => json(prefs(true)),
      "GET /api/study-buddies": () => json({ buddies: removed ? [] : [buddy], incoming: [], outgoing: [] }),
      "GET /api/study-buddies/suggestions": () => json({ optedIn: true, suggestions: [] }),
      "GET /api/study-buddies/blocks": () => json({ blocked: [] }),
      [`DELETE /api/study-buddies/${buddy.id}`]: () => {
        removed += 1;
        return json({ ok: true });
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Remove Lan as a study buddy?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByText("Remove Lan as a study buddy?")).toBeNull());
    expect(removed).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(removed).toBe(1));
    expect(await screen.findByText(/No study buddies yet/)).toBeTruthy();
    expect(screen.getByText(/No suggestions yet/)).toBeTruthy();
  }, 30_000);

  it("sends a request with the note typed in its composer, and Cancel sends nothing", async () => {
    const bodies: unknown[] = [];
    let sent = false;
    const suggestion = {
      user: { id: "u-minh", name: "Minh", avatarUrl: null },
      score: 10,
      sharedCourses: [COURSE],
      overlapHours: 2,
      sharedGoals: [],
      sameLanguage: true,
      sameStyle: false,
      level: null,
      studyStyle: null,
      matchPercent: 40,
      online: false,
    };
    renderTab({
      "GET /api/study-buddies/preferences": () => json(prefs(true)),
      "GET /api/study-buddies": () => json({ buddies: [], incoming: [], outgoing: [] }),
      "GET /api/study-buddies/suggestions": () =>
        json({ optedIn: true, suggestions: sent ? [] : [suggestion] }),
      "GET /api/study-buddies/blocks": () => json({ blocked: [] }),
      "POST /api/study-buddies/requests": (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        sent = true;
        return json({ ...buddy, status: "pending", direction: "outgoing" }, 201);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Send request" }, { timeout: 10_000 }));
    const note = screen.getByLabelText("Add a note (optional)");
    fireEvent.change(note, { target: { value: "Học cùng buổi tối nhé?" } });
    expect(screen.getByText("278 characters left")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("Add a note (optional)")).toBeNull();
    expect(bodies).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    fireEvent.change(screen.getByLabelText("Add a note (optional)"), {
      target: { value: "  Học cùng buổi tối nhé?  " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(bodies).toEqual([{ userId: "u-minh", note: "Học cùng buổi tối nhé?" }]));
    await waitFor(() => expect(screen.queryByText("Minh")).toBeNull());
  }, 30_000);

  it("a suggestion card shows level, study style, the online dot and % match explained in its title (issue 27 §4)", async () => {
    const base = {
      sharedCourses: [COURSE],
      overlapHours: 6,
      sharedGoals: [],
      sameLanguage: false,
    };
    renderTab({
      "GET /api/study-buddies/preferences": () => json({ ...prefs(true), studyStyle: "visual" }),
      "GET /api/study-buddies": () => json({ buddies: [], incoming: [], outgoing: [] }),
      "GET /api/study-buddies/suggestions": () =>
        json({
          optedIn: true,
          suggestions: [
            {
              ...base,
              user: { id: "u-an", name: "An", avatarUrl: null },
              score: 19,
              matchPercent: 86,
              sameStyle: true,
              level: "intermediate",
              studyStyle: "visual",
              online: true,
            },
            {
              ...base,
              user: { id: "u-binh", name: "Bình", avatarUrl: null },
              score: 16,
              matchPercent: 73,
              sameStyle: false,
              level: null,
              studyStyle: null,
              online: false,
            },
          ],
        }),
      "GET /api/study-buddies/blocks": () => json({ blocked: [] }),
    });
    const cards = await screen.findAllByTestId("buddy-suggestion", {}, { timeout: 10_000 });
    const [an, binh] = cards.map((c) => within(c));
    expect(an.getByTestId("buddy-level").textContent).toBe("Intermediate · Visual");
    expect(binh.getByTestId("buddy-level").textContent).toBe("Level not set");
    expect(an.getByTestId("buddy-online").getAttribute("data-online")).toBe("true");
    expect(an.getByRole("img", { name: "Online now" })).toBeTruthy();
    expect(binh.getByTestId("buddy-online").getAttribute("data-online")).toBe("false");
    expect(an.getByTestId("buddy-match").textContent).toBe("86% match");
    expect(an.getByTestId("buddy-match").getAttribute("title")).toContain("score 19");
    expect(binh.getByTestId("buddy-match").textContent).toBe("73% match");
    expect(an.getByText("Same study style: Visual")).toBeTruthy();
    // The preferences form offers the spec's study styles.
    const style = screen.getByLabelText("Study Style") as HTMLSelectElement;
    expect(style.value).toBe("visual");
    expect([...style.options].map((o) => o.value)).toEqual([
      "",
      "visual",
      "auditory",
      "kinesthetic",
      "reading",
    ]);
  }, 30_000);
});
