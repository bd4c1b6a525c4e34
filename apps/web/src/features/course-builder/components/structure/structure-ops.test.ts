import type { BuilderLesson, OutlineSection, QuizQuestion } from "@academy/shared";
import { describe, expect, it } from "vitest";
import {
  addChoice,
  addLesson,
  changeLessonType,
  contentOf,
  createLesson,
  createSection,
  findLesson,
  hasContent,
  lessonMoves,
  MAX_CHOICES,
  moveLesson,
  moveLessonBy,
  moveSection,
  moveSectionBy,
  outlineTotals,
  parsePassMark,
  removeChoice,
  removeSection,
  updateLesson,
} from "./structure-ops";

const lesson = (id: string, duration = 15): BuilderLesson => ({
  id,
  title: id.toUpperCase(),
  type: "text",
  duration,
});
const section = (id: string, lessons: BuilderLesson[], duration = 0): OutlineSection => ({
  id,
  title: id.toUpperCase(),
  description: "",
  duration,
  materials: [],
  lessons,
});
const ids = (outline: OutlineSection[]) =>
  outline.map((s) => `${s.id}:${s.lessons.map((l) => l.id).join(",")}`);

const sample = () => [
  section("s1", [lesson("a"), lesson("b"), lesson("c")]),
  section("s2", [lesson("d")]),
  section("s3", []),
];

describe("defaults (001 §9)", () => {
  it("a new section is 'New Section' with no lessons", () => {
    const s = createSection("New Section");
    expect(s).toMatchObject({
      title: "New Section",
      description: "",
      duration: 0,
      materials: [],
      lessons: [],
    });
    expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a new lesson is 'New Lesson', a text lesson of 15 minutes with empty content", () => {
    const l = createLesson("New Lesson");
    expect(l).toMatchObject({
      title: "New Lesson",
      type: "text",
      duration: 15,
      content: { type: "text", html: "" },
      materialId: null,
    });
    expect(createLesson("x").id).not.toBe(l.id);
  });

  it("adds a lesson at the end of its section only", () => {
    const next = addLesson(sample(), "s2", lesson("z"));
    expect(ids(next)).toEqual(["s1:a,b,c", "s2:d,z", "s3:"]);
  });
});

describe("reordering", () => {
  it("reorders lessons within a section", () => {
    expect(ids(moveLesson(sample(), "a", "s1", 2))).toEqual(["s1:b,c,a", "s2:d", "s3:"]);
    expect(ids(moveLesson(sample(), "c", "s1", 0))).toEqual(["s1:c,a,b", "s2:d", "s3:"]);
  });

  it("moves a lesson to another section at an index, or into an empty section", () => {
    expect(ids(moveLesson(sample(), "b", "s2", 0))).toEqual(["s1:a,c", "s2:b,d", "s3:"]);
    expect(ids(moveLesson(sample(), "b", "s2", 99))).toEqual(["s1:a,c", "s2:d,b", "s3:"]);
    expect(ids(moveLesson(sample(), "d", "s3", 0))).toEqual(["s1:a,b,c", "s2:", "s3:d"]);
  });

  it("leaves the outline alone for unknown lessons or sections and never mutates its input", () => {
    const outline = sample();
    const before = JSON.stringify(outline);
    expect(moveLesson(outline, "nope", "s1", 0)).toBe(outline);
    expect(moveLesson(outline, "a", "nope", 0)).toBe(outline);
    moveLesson(outline, "a", "s2", 0);
    moveSection(outline, 0, 2);
    expect(JSON.stringify(outline)).toBe(before);
  });

  it("reorders sections, clamping the target", () => {
    expect(ids(moveSection(sample(), 0, 2))).toEqual(["s2:d", "s3:", "s1:a,b,c"]);
    expect(ids(moveSection(sample(), 2, -5))).toEqual(["s3:", "s1:a,b,c", "s2:d"]);
    expect(ids(moveSectionBy(sample(), "s2", -1))).toEqual(["s2:d", "s1:a,b,c", "s3:"]);
    expect(ids(moveSectionBy(sample(), "s1", -1))).toEqual(ids(sample()));
  });

  it("Move up / Move down cross into the neighbouring section at its edge", () => {
    expect(ids(moveLessonBy(sample(), "b", -1))).toEqual(["s1:b,a,c", "s2:d", "s3:"]);
    expect(ids(moveLessonBy(sample(), "c", 1))).toEqual(["s1:a,b", "s2:c,d", "s3:"]);
    expect(ids(moveLessonBy(sample(), "d", -1))).toEqual(["s1:a,b,c,d", "s2:", "s3:"]);
    expect(ids(moveLessonBy(sample(), "d", 1))).toEqual(["s1:a,b,c", "s2:", "s3:d"]);
    expect(ids(moveLessonBy(sample(), "a", -1))).toEqual(ids(sample()));
  });

  it("knows which moves are possible", () => {
    expect(lessonMoves(sample(), "a")).toEqual({ up: false, down: true });
    expect(lessonMoves(sample(), "d")).toEqual({ up: true, down: true });
    const last = [section("s1", [lesson("a")])];
    expect(lessonMoves(last, "a")).toEqual({ up: false, down: false });
  });

  it("finds lessons", () => {
    expect(findLesson(sample(), "d")).toEqual({ sectionIndex: 1, sectionId: "s2", lessonIndex: 0 });
    expect(findLesson(sample(), "x")).toBeNull();
  });
});

describe("editing", () => {
  it("changing the type resets the content to the new type's empty content", () => {
    const next = changeLessonType(sample(), "a", "quiz");
    expect(next[0]!.lessons[0]).toMatchObject({
      type: "quiz",
      content: { type: "quiz", questions: [], passMark: 70 },
    });
    const video = changeLessonType(sample(), "a", "video");
    expect(video[0]!.lessons[0]!.content).toEqual({ type: "video", source: null, url: null });
  });

  it("reads content of the lesson's own type only", () => {
    const l: BuilderLesson = { ...lesson("a"), type: "video", content: { type: "text", html: "<p>x</p>" } };
    expect(contentOf(l)).toEqual({ type: "video", source: null, url: null });
  });

  it("tells whether a lesson has content to lose", () => {
    expect(hasContent(lesson("a"))).toBe(false);
    expect(hasContent({ ...lesson("a"), content: { type: "text", html: "<p></p>" } })).toBe(false);
    expect(hasContent({ ...lesson("a"), content: { type: "text", html: "<p>Hi</p>" } })).toBe(true);
  });

  it("updates and removes", () => {
    const next = updateLesson(sample(), "d", { title: "Renamed", duration: 40 });
    expect(next[1]!.lessons[0]).toMatchObject({ title: "Renamed", duration: 40 });
    expect(ids(removeSection(sample(), "s1"))).toEqual(["s2:d", "s3:"]);
  });

  it("totals sections, lessons and minutes (a section without lessons counts its own duration)", () => {
    const outline = [section("s1", [lesson("a", 10), lesson("b", 20)], 999), section("s2", [], 45)];
    expect(outlineTotals(outline)).toEqual({ sections: 2, lessons: 2, minutes: 75 });
    expect(outlineTotals([])).toEqual({ sections: 0, lessons: 0, minutes: 0 });
  });
});

describe("quiz questions", () => {
  const q = (correctIndex: number): QuizQuestion => ({
    id: "q",
    question: "?",
    choices: ["A", "B", "C", "D"],
    correctIndex,
  });

  it("keeps correctIndex on the same answer when an earlier choice is removed", () => {
    const next = removeChoice(q(2), 0);
    expect(next.choices).toEqual(["B", "C", "D"]);
    expect(next.choices[next.correctIndex]).toBe("C");
  });

  it("keeps correctIndex when a later choice is removed", () => {
    expect(removeChoice(q(1), 3)).toMatchObject({ choices: ["A", "B", "C"], correctIndex: 1 });
  });

  it("selects the first choice when the correct one is removed, and stays in range", () => {
    expect(removeChoice(q(3), 3)).toMatchObject({ choices: ["A", "B", "C"], correctIndex: 0 });
    expect(removeChoice(q(1), 1).correctIndex).toBe(0);
  });

  it("keeps 2 to 6 choices", () => {
    const two: QuizQuestion = { id: "q", question: "?", choices: ["A", "B"], correctIndex: 1 };
    expect(removeChoice(two, 0)).toBe(two);
    let many = q(0);
    for (let i = 0; i < 5; i++) many = addChoice(many);
    expect(many.choices).toHaveLength(MAX_CHOICES);
  });

  it("parses the pass mark as 1–100, default 70", () => {
    expect(parsePassMark("85")).toBe(85);
    expect(parsePassMark("150")).toBe(100);
    expect(parsePassMark("0")).toBe(1);
    expect(parsePassMark("abc")).toBe(70);
  });
});
