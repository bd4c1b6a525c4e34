import type { PlayerCourse } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { COURSE_ID, jsonResponse, LESSON_IDS, playerCourse } from "../test/fixtures";
import { LessonPlayer } from "./lesson-player";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fake server: GET /api/learn/{id} answers `load`, progress reports echo a progress answer. */
function fakeServer(load: () => Response, course?: PlayerCourse) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    const method = init?.method ?? "GET";
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === "GET") return load();
    const lessonId = url.pathname.split("/")[5];
    const lesson = course?.lessons.find((l) => l.id === lessonId);
    return jsonResponse({ lesson: lesson?.progress, enrolment: course?.enrolment });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

function renderPlayer(search = "") {
  const router = createMemoryRouter(
    [
      { path: "/learn/:courseId", element: <LessonPlayer courseId={COURSE_ID} /> },
      { path: "/dashboard", element: <p>Dashboard page</p> },
    ],
    { initialEntries: [`/learn/${COURSE_ID}${search}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const progressCalls = (calls: Call[]) =>
  calls
    .filter((c) => c.method === "POST")
    .map((c) => [c.path.split("/")[5], (c.body as { event: string }).event]);

describe("LessonPlayer (spec 001 §2 Lesson player)", () => {
  it("resumes at the last opened lesson, keeps it in the address and reports it as opened", async () => {
    const course = playerCourse({ lastLessonId: LESSON_IDS[1] }, [0]);
    const calls = fakeServer(() => jsonResponse(course), course);
    const router = renderPlayer();
    expect(await screen.findByRole("heading", { level: 2, name: "Watch the greeting" })).toBeTruthy();
    expect(screen.getByTestId("lesson-position").textContent).toBe("Lesson 2 of 4");
    expect(screen.getByTestId("course-percent").textContent).toBe("25%");
    await waitFor(() => expect(router.state.location.search).toBe(`?lesson=${LESSON_IDS[1]}`));
    await waitFor(() => expect(progressCalls(calls)).toContainEqual([LESSON_IDS[1], "open"]));
    // The side list marks the completed lesson and the current one.
    const items = screen.getAllByTestId("lesson-list-item");
    expect(items[0]!.dataset.completed).toBe("true");
    expect(items[1]!.getAttribute("aria-current")).toBe("step");
  });

  it("Mark Complete completes the lesson at once; Next and Previous move; Finish on the last lesson goes to the dashboard", async () => {
    const course = playerCourse();
    const calls = fakeServer(() => jsonResponse(course), course);
    const router = renderPlayer();
    await screen.findByRole("heading", { level: 2, name: "Welcome" });

    fireEvent.click(screen.getByTestId("mark-complete"));
    await waitFor(() => expect(screen.getByTestId("mark-complete").textContent).toBe("Completed"));
    expect((screen.getByTestId("mark-complete") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("course-percent").textContent).toBe("25%");
    await waitFor(() => expect(progressCalls(calls)).toContainEqual([LESSON_IDS[0], "complete"]));

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Watch the greeting" })).toBeTruthy();
    expect(router.state.location.search).toBe(`?lesson=${LESSON_IDS[1]}`);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Welcome" })).toBeTruthy();

    fireEvent.click(screen.getAllByRole("button", { name: /More to come/ })[0]!);
    expect(await screen.findByText("Lesson content coming soon")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Finish/ }));
    expect(await screen.findByText("Dashboard page")).toBeTruthy();
  });

  it("keeps Mark Complete of an uploaded video disabled until the video has ended (issue 16 item 6)", async () => {
    const base = playerCourse({ lastLessonId: LESSON_IDS[1] });
    const course: PlayerCourse = {
      ...base,
      lessons: base.lessons.map((l) =>
        l.id === LESSON_IDS[1]
          ? { ...l, content: { type: "video" as const, source: "upload" as const, url: "/files/v.mp4" } }
          : l,
      ),
    };
    fakeServer(() => jsonResponse(course), course);
    renderPlayer();
    await screen.findByRole("heading", { level: 2, name: "Watch the greeting" });
    const button = screen.getByTestId("mark-complete") as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe("Watch the video to the end before completing this lesson.");
    const video = document.querySelector("video");
    expect(video).toBeTruthy();
    fireEvent(video!, new Event("ended"));
    await waitFor(() =>
      expect((screen.getByTestId("mark-complete") as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it("Mark Complete of a text lesson before its reading time says how long is left and sends no completion (issue 25 item 5)", async () => {
    const base = playerCourse();
    const course: PlayerCourse = {
      ...base,
      lessons: base.lessons.map((l, i) =>
        i === 0 && l.content.type === "text"
          ? {
              ...l,
              content: { ...l.content, readingSeconds: 90 },
              progress: { ...l.progress, timeSpent: 20 },
            }
          : l,
      ),
    };
    const calls = fakeServer(() => jsonResponse(course), course);
    renderPlayer();
    await screen.findByRole("heading", { level: 2, name: "Welcome" });
    fireEvent.click(screen.getByTestId("mark-complete"));
    // 90 s needed, 20 s recorded (and 0–1 s counted on screen): 1 min 10 s (or 9 s) left.
    expect((await screen.findByTestId("reading-left")).textContent).toMatch(
      /^Keep reading: you can complete this lesson in 1 min (10|9) s\.$/,
    );
    expect(screen.getByTestId("mark-complete").textContent).toBe("Mark Complete");
    await waitFor(() => expect(progressCalls(calls)).toContainEqual([LESSON_IDS[0], "open"]));
    expect(progressCalls(calls)).not.toContainEqual([LESSON_IDS[0], "complete"]);

    // It counts down, in the student's language.
    try {
      await act(async () => {
        await i18n.changeLanguage("vi");
      });
      expect(screen.getByTestId("reading-left").textContent).toMatch(
        /^Hãy tiếp tục đọc: bạn có thể hoàn thành bài học này sau 1 phút \d+ giây nữa\.$/,
      );
    } finally {
      await act(async () => {
        await i18n.changeLanguage("en");
      });
    }
  });

  it("shows the reading message when the server refuses the completion (readFirst) and undoes the check mark", async () => {
    const base = playerCourse();
    const course: PlayerCourse = {
      ...base,
      lessons: base.lessons.map((l, i) =>
        i === 0 && l.content.type === "text" ? { ...l, content: { ...l.content, readingSeconds: 30 } } : l,
      ),
    };
    // The player believes 30 s were recorded; the server (wall-clock cap) counted fewer and refuses.
    const shown: PlayerCourse = {
      ...course,
      lessons: course.lessons.map((l, i) =>
        i === 0 ? { ...l, progress: { ...l.progress, timeSpent: 30 } } : l,
      ),
    };
    const calls: Call[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
        const method = init?.method ?? "GET";
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method, path: url.pathname, body });
        if (method === "GET") return jsonResponse(calls.length === 1 ? shown : course);
        if (body?.event === "complete")
          return jsonResponse(
            {
              error: {
                code: "VALIDATION_FAILED",
                message: "Keep reading: this lesson can be completed after its reading time.",
                reason: "learning.readFirst",
              },
            },
            400,
          );
        return jsonResponse({ lesson: course.lessons[0]!.progress, enrolment: course.enrolment });
      }),
    );
    renderPlayer();
    await screen.findByRole("heading", { level: 2, name: "Welcome" });
    fireEvent.click(screen.getByTestId("mark-complete"));
    expect(await screen.findByTestId("reading-left")).toBeTruthy();
    expect(screen.getByTestId("reading-left").textContent).toMatch(
      /^Keep reading: you can complete this lesson in/,
    );
    await waitFor(() => expect(screen.getByTestId("mark-complete").textContent).toBe("Mark Complete"));
    expect(calls.filter((c) => c.method === "GET").length).toBeGreaterThanOrEqual(2);
  });

  it("not enrolled (403): 'Access Denied' / 'You are not enrolled in this course.' and back to the dashboard", async () => {
    fakeServer(() =>
      jsonResponse({ error: { code: "FORBIDDEN", message: "You are not enrolled in this course." } }, 403),
    );
    renderPlayer();
    expect(await screen.findByText("Dashboard page")).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(
      "Access Denied",
      expect.objectContaining({
        description: "You are not enrolled in this course.",
      }),
    );
  });

  it("other failures: 'Failed to load course content.' with Retry", async () => {
    let fail = true;
    const course = playerCourse();
    fakeServer(
      () => (fail ? jsonResponse({ error: { code: "INTERNAL", message: "x" } }, 500) : jsonResponse(course)),
      course,
    );
    renderPlayer();
    // Server errors are retried twice (1 s, 2 s) before the error shows.
    expect(await screen.findByText("Failed to load course content.", {}, { timeout: 6000 })).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    expect(await screen.findByRole("heading", { level: 2, name: "Welcome" })).toBeTruthy();
  });

  it("a completed course offers the certificate page and its PDF", async () => {
    const course = playerCourse(
      { isCompleted: true, progress: 100, certificateIssued: true, certificateUrl: "/certificates/ABCD1234" },
      [0, 1, 2, 3],
    );
    fakeServer(() => jsonResponse(course), course);
    renderPlayer();
    expect(await screen.findByTestId("completion-banner")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View certificate" }).getAttribute("href")).toBe(
      "/certificates/ABCD1234",
    );
    expect(screen.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toBe(
      "/api/certificates/ABCD1234/pdf",
    );
  });
});
