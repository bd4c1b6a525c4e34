import type { PlayerLesson } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { sanitizeLessonHtml } from "../lib/sanitize";
import { COURSE_ID, playerCourse, QUIZ_LESSON } from "../test/fixtures";
import { LessonBody } from "./lesson-player";

// happy-dom's DOM is not faithful enough for DOMPurify (it keeps <script> there), so the component
// test checks that the HTML goes through sanitizeLessonHtml; DOMPurify itself runs in Chromium (the
// screenshot run injects hostile HTML) and its configuration is checked in sanitize.test.ts.
vi.mock("../lib/sanitize", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../lib/sanitize")>()),
  sanitizeLessonHtml: vi.fn(
    (html: string) => `<div data-sanitized="1">${html.replace(/<script>.*?<\/script>/g, "")}</div>`,
  ),
}));

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

const base = playerCourse().lessons[0]!;

function renderBody(lesson: PlayerLesson, onVideoEnded = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LessonBody
        courseId={COURSE_ID}
        lesson={lesson}
        videoEnded={false}
        onVideoEnded={onVideoEnded}
        onQuizResult={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return onVideoEnded;
}

describe("LessonBody (content by type)", () => {
  it.each([
    ["an empty text lesson", { type: "text", html: "<p> </p>" }],
    ["a video lesson without a video", { type: "video", source: null, url: null }],
    ["a quiz without questions", { type: "quiz", questions: [], passMark: 70 }],
  ] as const)("shows 'Lesson content coming soon' for %s", (_name, content) => {
    renderBody({ ...base, type: content.type, content: content as PlayerLesson["content"] });
    expect(screen.getByText("Lesson content coming soon")).toBeTruthy();
  });

  it("renders the text lesson's HTML only after sanitizing it again in the browser", () => {
    const html = "<h2>Hi</h2><p>Read this</p><script>alert(2)</script>";
    renderBody({ ...base, content: { type: "text", html } });
    expect(sanitizeLessonHtml).toHaveBeenCalledWith(html);
    const text = screen.getByTestId("lesson-text");
    expect(text.querySelector("[data-sanitized]")).toBeTruthy();
    expect(text.querySelector("h2")?.textContent).toBe("Hi");
    expect(text.querySelector("script")).toBeNull();
  });

  it("embeds YouTube with youtube-nocookie.com and Vimeo with player.vimeo.com", () => {
    renderBody(playerCourse().lessons[1]!);
    expect(screen.getByTestId("lesson-embed").getAttribute("src")).toBe(
      `https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&enablejsapi=1&origin=${encodeURIComponent(window.location.origin)}`,
    );
    cleanup();
    renderBody({
      ...base,
      type: "video",
      content: { type: "video", source: "vimeo", url: "https://vimeo.com/76979871" },
    });
    expect(screen.getByTestId("lesson-embed").getAttribute("src")).toBe(
      "https://player.vimeo.com/video/76979871?api=1",
    );
  });

  it("records the end of a YouTube or Vimeo video from its player's messages (issue 17 item 9)", () => {
    const cases = [
      {
        content: { type: "video" as const, source: "youtube" as const, url: "https://youtu.be/dQw4w9WgXcQ" },
        origin: "https://www.youtube-nocookie.com",
        playing: JSON.stringify({ event: "onStateChange", info: 1 }),
        ended: JSON.stringify({ event: "onStateChange", info: 0 }),
      },
      {
        content: { type: "video" as const, source: "vimeo" as const, url: "https://vimeo.com/76979871" },
        origin: "https://player.vimeo.com",
        playing: { event: "play" },
        ended: JSON.stringify({ event: "ended", data: { seconds: 30 } }),
      },
    ];
    for (const c of cases) {
      const onEnded = renderBody({ ...base, type: "video", content: c.content });
      const frame = screen.getByTestId("lesson-embed") as HTMLIFrameElement;
      const post = (data: unknown, origin: string, source: unknown = frame.contentWindow) =>
        window.dispatchEvent(new MessageEvent("message", { data, origin, source: source as Window }));
      post(c.playing, c.origin);
      post(c.ended, "https://evil.example", frame.contentWindow); // another origin
      post(c.ended, c.origin, window); // another window
      expect(onEnded).not.toHaveBeenCalled();
      post(c.ended, c.origin);
      post(c.ended, c.origin);
      expect(onEnded).toHaveBeenCalledTimes(1);
      cleanup();
    }
  });

  it("plays an uploaded video natively (metadata preload) and reports its end", () => {
    const onEnded = renderBody({
      ...base,
      type: "video",
      content: { type: "video", source: "upload", url: "/files/videos/intro.mp4" },
    });
    const video = screen.getByTestId("lesson-video") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("/files/videos/intro.mp4");
    expect(video.getAttribute("preload")).toBe("metadata");
    expect(video.hasAttribute("controls")).toBe(true);
    fireEvent.ended(video);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it("never renders a correct answer for a quiz (the player's data has none)", () => {
    renderBody(QUIZ_LESSON);
    expect(screen.getAllByTestId("quiz-question")).toHaveLength(2);
    expect(screen.queryByText("Correct answer")).toBeNull();
    expect(JSON.stringify(QUIZ_LESSON.content)).not.toMatch(/correct/i);
  });
});
