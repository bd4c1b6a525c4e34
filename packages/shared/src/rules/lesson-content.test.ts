import { describe, expect, it } from "vitest";
import type { OutlineSection } from "../schemas/courses.ts";
import {
  isBlankLessonHtml,
  lessonHasContent,
  lessonsWithoutContent,
  missingContentPath,
} from "./lesson-content.ts";

describe("lessons without content (issue 17 item 1)", () => {
  it("calls HTML blank when it has no text and no image", () => {
    expect(isBlankLessonHtml("")).toBe(true);
    expect(isBlankLessonHtml("<p> &nbsp;</p><p><br></p>")).toBe(true);
    expect(isBlankLessonHtml("<p>Hi</p>")).toBe(false);
    expect(isBlankLessonHtml('<img src="/files/a.png">')).toBe(false);
  });

  it("needs questions for a quiz, a URL for a video, text for a text lesson, of the lesson's own type", () => {
    expect(lessonHasContent("quiz", { type: "quiz", questions: [], passMark: 70 })).toBe(false);
    expect(
      lessonHasContent("quiz", {
        type: "quiz",
        passMark: 70,
        questions: [{ id: "q", question: "?", choices: ["a", "b"], correctIndex: 0 }],
      }),
    ).toBe(true);
    expect(lessonHasContent("video", { type: "video", source: null, url: null })).toBe(false);
    expect(lessonHasContent("video", { type: "video", source: "youtube", url: "https://youtu.be/x" })).toBe(
      true,
    );
    expect(lessonHasContent("text", undefined)).toBe(false);
    expect(lessonHasContent("video", { type: "text", html: "<p>Hi</p>" })).toBe(false);
  });

  it("lists the empty lessons in course order, a section without lessons as itself", () => {
    const outline: OutlineSection[] = [
      {
        id: "s1",
        title: "One",
        description: "",
        duration: 0,
        materials: [],
        lessons: [
          { id: "a", title: "A", type: "text", duration: 5, content: { type: "text", html: "<p>x</p>" } },
          { id: "b", title: "B", type: "quiz", duration: 5 },
        ],
      },
      { id: "s2", title: "Two", description: "", duration: 0, materials: [], lessons: [] },
    ];
    const missing = lessonsWithoutContent(outline);
    expect(missing).toEqual([
      { sectionIndex: 0, lessonIndex: 1, sectionId: "s1", lessonId: "b", title: "B", reason: "quiz" },
      {
        sectionIndex: 1,
        lessonIndex: null,
        sectionId: "s2",
        lessonId: "s2",
        title: "Two",
        reason: "section",
      },
    ]);
    expect(missing.map(missingContentPath)).toEqual(["outline.0.lessons.1", "outline.1"]);
  });
});
