import type { PlayerCourse } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { COURSE_ID, jsonResponse, LESSON_IDS, playerCourse } from "../test/fixtures";
import { LessonPlayer } from "./lesson-player";

// Issue 27 §1: a lesson that has not opened yet — a lock and "Opens in N days" / "Opens on dd/MM"
// in the outline, a locked screen instead of the content, nothing reported for it.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;

/** The fixture course with lesson 2 opening in `days` (the school in Ho Chi Minh City). */
function lockedCourse(opensAt: Date): PlayerCourse {
  const course = playerCourse({ lastLessonId: LESSON_IDS[1] });
  return {
    ...course,
    course: { ...course.course, timeZone: "Asia/Ho_Chi_Minh" },
    lessons: course.lessons.map((lesson, i) =>
      i === 1
        ? { ...lesson, content: { type: "video", source: null, url: null }, opensAt: opensAt.toISOString() }
        : i === 3
          ? { ...lesson, opensAt: new Date(Date.now() + 20 * DAY).toISOString() }
          : { ...lesson, opensAt: null },
    ),
  };
}

function renderPlayer(course: PlayerCourse) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      if (method !== "GET") calls.push(`${method} ${String(input)} ${String(init?.body)}`);
      if (method === "GET") return jsonResponse(course);
      const lesson = course.lessons.find((l) => String(input).includes(l.id));
      return jsonResponse({ lesson: lesson?.progress, enrolment: course.enrolment });
    }),
  );
  const router = createMemoryRouter(
    [{ path: "/learn/:courseId", element: <LessonPlayer courseId={COURSE_ID} /> }],
    { initialEntries: [`/learn/${COURSE_ID}?lesson=${LESSON_IDS[1]}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

describe("a locked lesson in the player", () => {
  it("shows when it opens in the outline and a locked screen instead of the content (en)", async () => {
    await i18n.changeLanguage("en");
    const opensAt = new Date(Date.now() + 3 * DAY - 60_000);
    const calls = renderPlayer(lockedCourse(opensAt));
    const locked = await screen.findByTestId("lesson-locked");
    expect(within(locked).getByText("This lesson is not open yet")).toBeTruthy();
    expect(within(locked).getByTestId("lesson-locked-when").textContent).toBe("Opens in 3 days");
    expect(screen.queryByTitle(/video/i)).toBeNull();
    expect((screen.getByTestId("mark-complete") as HTMLButtonElement).disabled).toBe(true);

    const items = screen.getAllByTestId("lesson-list-item");
    expect(items[1].getAttribute("data-locked")).toBe("true");
    expect(within(items[1]).getByTestId("lesson-opens").textContent).toBe("Opens in 3 days");
    // Later than a week: the date, dd/MM in the school's time zone.
    const later = new Date(Date.now() + 20 * DAY);
    const [, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" })
      .format(later)
      .split("-");
    expect(within(items[3]).getByTestId("lesson-opens").textContent).toBe(`Opens on ${d}/${m}`);
    expect(within(items[0]).queryByTestId("lesson-opens")).toBeNull();
    // Nothing is reported for a locked lesson (no "open", no time); an open one is reported.
    fireEvent.click(items[0]);
    await waitFor(() =>
      expect(calls.some((c) => c.includes(LESSON_IDS[0]) && c.includes('"open"'))).toBe(true),
    );
    expect(calls.filter((c) => c.includes(LESSON_IDS[1]))).toEqual([]);
  });

  it("speaks Vietnamese", async () => {
    await i18n.changeLanguage("vi");
    renderPlayer(lockedCourse(new Date(Date.now() + DAY - 60_000)));
    const locked = await screen.findByTestId("lesson-locked");
    expect(within(locked).getByText("Bài học này chưa mở")).toBeTruthy();
    expect(within(locked).getByTestId("lesson-locked-when").textContent).toBe("Mở sau 1 ngày");
    const items = screen.getAllByTestId("lesson-list-item");
    expect(within(items[3]).getByTestId("lesson-opens").textContent).toMatch(/^Mở vào \d\d\/\d\d$/);
    await i18n.changeLanguage("en");
  });
});
