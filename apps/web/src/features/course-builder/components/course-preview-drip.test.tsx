import { type CourseDraft, courseDraftSchema } from "@academy/shared";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { CoursePreview } from "./course-preview";

// Issue 27 §1: the builder's preview "as a student on day N".

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

const lesson = (id: string) => ({ id, title: `Lesson ${id}`, type: "text" as const, duration: 5 });
const draft: CourseDraft = courseDraftSchema.parse({
  title: "Phở",
  outline: [
    { id: "s1", title: "Broth", lessons: [lesson("l1")] },
    { id: "s2", title: "Noodles", release: { kind: "days", days: 1 }, lessons: [lesson("l2")] },
    { id: "s3", title: "Herbs", release: { kind: "days", days: 3 }, lessons: [lesson("l3")] },
  ],
});

describe("the preview as a student on day N", () => {
  it("shows which sections are open on the chosen day", () => {
    render(<CoursePreview draft={draft} />);
    const locked = () =>
      screen
        .getAllByTestId("preview-section")
        .map((section) => section.getAttribute("data-locked") === "true");
    expect(locked()).toEqual([false, true, true]);
    expect(screen.getByText("Locked · opens on day 1")).toBeTruthy();
    const day = screen.getByLabelText("As a student on day");
    fireEvent.change(day, { target: { value: "1" } });
    expect(locked()).toEqual([false, false, true]);
    fireEvent.change(day, { target: { value: "3" } });
    expect(locked()).toEqual([false, false, false]);
  });

  it("shows no day control for a course without a schedule", () => {
    render(<CoursePreview draft={courseDraftSchema.parse({ title: "Plain", outline: [] })} />);
    expect(screen.queryByTestId("preview-day")).toBeNull();
  });
});
