import { describe, expect, it } from "vitest";
import { LESSON_IDS, playerCourse } from "../test/fixtures";
import { groupBySection, resumeLessonId } from "./resume";

describe("resumeLessonId (issue: it resumes at the last lesson opened)", () => {
  it("opens the enrolment's last opened lesson", () => {
    const course = playerCourse({ lastLessonId: LESSON_IDS[2] }, [0, 1, 2]);
    expect(resumeLessonId(course.lessons, course.enrolment.lastLessonId)).toBe(LESSON_IDS[2]);
  });

  it("else the first incomplete lesson", () => {
    const course = playerCourse({}, [0, 1]);
    expect(resumeLessonId(course.lessons, null)).toBe(LESSON_IDS[2]);
  });

  it("else the first lesson when every lesson is complete", () => {
    const course = playerCourse({}, [0, 1, 2, 3]);
    expect(resumeLessonId(course.lessons, null)).toBe(LESSON_IDS[0]);
  });

  it("ignores a last lesson that is no longer in the course", () => {
    const course = playerCourse({}, [0]);
    expect(resumeLessonId(course.lessons, "99999999-9999-4999-8999-999999999999")).toBe(LESSON_IDS[1]);
  });

  it("prefers the lesson in the address (?lesson=) when it belongs to the course", () => {
    const course = playerCourse({ lastLessonId: LESSON_IDS[2] });
    expect(resumeLessonId(course.lessons, course.enrolment.lastLessonId, LESSON_IDS[3])).toBe(LESSON_IDS[3]);
    expect(resumeLessonId(course.lessons, course.enrolment.lastLessonId, "nope")).toBe(LESSON_IDS[2]);
  });

  it("gives undefined for a course without lessons", () => {
    expect(resumeLessonId([], null)).toBeUndefined();
  });
});

describe("groupBySection", () => {
  it("groups consecutive lessons of a section and keeps each lesson's course position", () => {
    const groups = groupBySection(playerCourse().lessons);
    expect(groups.map((g) => [g.title, g.lessons.map((l) => l.index)])).toEqual([
      ["Basics", [0, 1, 2]],
      ["Next steps", [3]],
    ]);
  });
});
