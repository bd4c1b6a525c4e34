import { COURSE_MESSAGES, type OutlineSection } from "@academy/shared";
import { describe, expect, it } from "vitest";
import en from "@/locales/en/builder.json";
import vi from "@/locales/vi/builder.json";
import { lessonTitlesOf } from "./messages";

const lesson = (id: string, title: string) => ({
  id,
  title,
  type: "video" as const,
  duration: 5,
  content: { type: "video" as const, source: "upload" as const, url: `/files/${id}.mp4` },
});

describe("a lesson that uses someone else's file is named (issue 25 N4)", () => {
  const outline = [
    { id: "s1", title: "One", description: "", duration: 0, materials: [], lessons: [lesson("a", "Intro")] },
    {
      id: "s2",
      title: "Two",
      description: "",
      duration: 0,
      materials: [],
      lessons: [lesson("b", "Welcome"), lesson("c", "The secret video")],
    },
  ] as unknown as OutlineSection[];

  it("maps the server's issue paths to the titles of the lessons that were sent", () => {
    const issues = [
      { path: "outline.1.lessons.1", message: 'Lesson "The secret video" uses a file…' },
      { path: "outline.0.lessons.0", message: "…" },
      { path: "outline.5.lessons.0", message: "out of range" },
      { path: "title", message: "not a lesson" },
    ];
    expect(lessonTitlesOf(issues, outline)).toEqual(["The secret video", "Intro"]);
  });

  it("has the message and the naming text in English and Vietnamese", () => {
    expect(en.validation.fileNotYours).toBe(COURSE_MESSAGES.fileNotYours);
    for (const texts of [en, vi]) expect(texts.validation.fileNotYoursIn).toContain("{{lessons}}");
    expect(vi.validation.fileNotYours).not.toBe(en.validation.fileNotYours);
    expect(vi.validation.fileNotYoursIn).not.toBe(en.validation.fileNotYoursIn);
  });
});
