import { VIDEO_END_PROGRESS } from "@academy/shared";
import { describe, expect, it } from "vitest";
import { LESSON_IDS, playerCourse } from "../test/fixtures";
import { applyLocalEvent, applyServerProgress } from "./progress-state";

const NOW = new Date("2026-02-01T10:00:00.000Z");

describe("applyLocalEvent (spec 001 §4)", () => {
  it("complete: the lesson at 100 and completed, the enrolment at its share of completed lessons", () => {
    const next = applyLocalEvent(playerCourse(), LESSON_IDS[0], "complete", NOW);
    expect(next.lessons[0]!.progress).toMatchObject({ isCompleted: true, progress: 100 });
    expect(next.enrolment).toMatchObject({ progress: 25, isCompleted: false });
  });

  it("video-ended: 90 without completing", () => {
    const next = applyLocalEvent(playerCourse(), LESSON_IDS[1], "video-ended", NOW);
    expect(next.lessons[1]!.progress).toMatchObject({ isCompleted: false, progress: VIDEO_END_PROGRESS });
    expect(next.enrolment.progress).toBe(0);
  });

  it("completing the last lesson completes the enrolment", () => {
    const next = applyLocalEvent(playerCourse({}, [0, 1, 2]), LESSON_IDS[3], "complete", NOW);
    expect(next.enrolment).toMatchObject({
      progress: 100,
      isCompleted: true,
      completionDate: NOW.toISOString(),
    });
  });

  it("open: the resume point", () => {
    expect(applyLocalEvent(playerCourse(), LESSON_IDS[2], "open").enrolment.lastLessonId).toBe(LESSON_IDS[2]);
  });
});

describe("applyServerProgress", () => {
  it("never takes back what the student already sees, and takes the certificate from the server", () => {
    const local = applyLocalEvent(playerCourse({}, [0, 1, 2]), LESSON_IDS[3], "complete", NOW);
    const stale = playerCourse({}, [0, 1, 2]);
    const next = applyServerProgress(local, LESSON_IDS[3], {
      lesson: stale.lessons[3]!.progress,
      enrolment: { ...stale.enrolment, certificateIssued: true, certificateUrl: "/certificates/ABC123" },
    });
    expect(next.lessons[3]!.progress.isCompleted).toBe(true);
    expect(next.enrolment).toMatchObject({
      isCompleted: true,
      progress: 100,
      certificateIssued: true,
      certificateUrl: "/certificates/ABC123",
    });
  });
});
