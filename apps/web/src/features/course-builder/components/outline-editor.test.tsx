import type { CourseDraft, OutlineSection } from "@academy/shared";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import * as React from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { emptyDraft, fallbackOutline, outlineTotals } from "../lib/outline";
import { CoursePreview } from "./course-preview";
import { OutlineEditor } from "./outline-editor";

/** The editor with its outline held in state, as the builder does. */
function Harness({
  initial,
  report,
}: {
  initial: OutlineSection[];
  report: (outline: OutlineSection[]) => void;
}) {
  const [outline, setOutline] = React.useState(initial);
  return (
    <OutlineEditor
      outline={outline}
      onChange={(next) => {
        report(next);
        setOutline(next);
      }}
    />
  );
}

/** Renders the editor; `latest` is the last outline it reported. */
function renderEditor(initial: OutlineSection[] = []) {
  const seen: { latest: OutlineSection[] } = { latest: initial };
  render(
    <Harness
      initial={initial}
      report={(next) => {
        seen.latest = next;
      }}
    />,
  );
  return seen;
}

const section = (over: Partial<OutlineSection> = {}): OutlineSection => ({
  id: over.id ?? "s1",
  title: "Basics",
  description: "",
  duration: 20,
  materials: [],
  lessons: [],
  ...over,
});

beforeAll(async () => {
  await act(() => i18n.changeLanguage("en"));
});
afterEach(cleanup);

describe("OutlineEditor (spec 000 §2, §5)", () => {
  it("adds a section with the defaults: New Section, Section description, 30 min, no materials", () => {
    const seen = renderEditor();
    expect(screen.getByText("No sections yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add Section" }));

    expect(seen.latest).toHaveLength(1);
    expect(seen.latest[0]).toMatchObject({
      title: "New Section",
      description: "Section description",
      duration: 30,
      materials: [],
      lessons: [],
    });
    expect((screen.getByLabelText("Section 1 title") as HTMLInputElement).value).toBe("New Section");
    expect((screen.getByLabelText("Description") as HTMLTextAreaElement).value).toBe("Section description");
    expect((screen.getByLabelText("Duration") as HTMLInputElement).value).toBe("30");
    expect(screen.getByTestId("section-materials").textContent).toBe("0 materials");
    expect(screen.getByTestId("section-lessons").textContent).toBe("0 lessons");

    fireEvent.click(screen.getByRole("button", { name: "Add Section" }));
    expect(seen.latest).toHaveLength(2);
    expect(screen.getByLabelText("Section 2 title")).toBeTruthy();
  });

  it("keeps section minutes an integer, 0 when not numeric", () => {
    const seen = renderEditor([section()]);
    const minutes = screen.getByLabelText("Duration") as HTMLInputElement;

    fireEvent.change(minutes, { target: { value: "45" } });
    expect(seen.latest[0].duration).toBe(45);

    fireEvent.change(minutes, { target: { value: "12.7" } });
    expect(seen.latest[0].duration).toBe(12);

    fireEvent.change(minutes, { target: { value: "abc" } });
    expect(seen.latest[0].duration).toBe(0);
    fireEvent.blur(minutes);
    expect(minutes.value).toBe("0");
  });

  it("edits the title and deletes a section without lessons at once", () => {
    const seen = renderEditor([section(), section({ id: "s2", title: "Second" })]);
    fireEvent.change(screen.getByLabelText("Section 1 title"), { target: { value: "Getting started" } });
    expect(seen.latest[0].title).toBe("Getting started");

    fireEvent.click(screen.getByRole("button", { name: "Delete section 2" }));
    expect(seen.latest.map((s) => s.id)).toEqual(["s1"]);
  });

  it("asks before deleting a section that has lessons", () => {
    const seen = renderEditor([
      section({ lessons: [{ id: "l1", title: "Welcome", type: "video", duration: 10 }] }),
    ]);
    expect(screen.getByTestId("section-lessons").textContent).toBe("1 lesson · 10 min");
    fireEvent.click(screen.getByRole("button", { name: "Delete section 1" }));
    const dialog = screen.getByRole("alertdialog");
    expect(within(dialog).getByText(/This section has 1 lesson/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete section" }));
    expect(seen.latest).toEqual([]);
  });

  it("deletes several selected sections in one step, after one confirmation (issue 24 §8)", () => {
    const lesson = (id: string) => ({ id, title: id, type: "video" as const, duration: 5 });
    const seen = renderEditor([
      section({ id: "s1", lessons: [lesson("a")] }),
      section({ id: "s2", title: "Second", lessons: [lesson("b"), lesson("c")] }),
      section({ id: "s3", title: "Third", lessons: [lesson("d")] }),
      section({ id: "s4", title: "Fourth" }),
    ]);
    expect(screen.queryByTestId("outline-delete-selected")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select section 2" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select section 3" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select section 4" }));
    expect(screen.getByText("3 sections selected")).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Select all" }).getAttribute("data-state")).toBe(
      "indeterminate",
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete 3 sections" }));
    const dialog = screen.getByRole("alertdialog");
    expect(within(dialog).getByText("Delete 3 sections?")).toBeTruthy();
    expect(within(dialog).getByText("3 lessons in them will be deleted too.")).toBeTruthy();
    // Cancel keeps everything.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(seen.latest.map((s) => s.id)).toEqual(["s1", "s2", "s3", "s4"]);

    fireEvent.click(screen.getByRole("button", { name: "Delete 3 sections" }));
    fireEvent.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete 3 sections" }),
    );
    expect(seen.latest.map((s) => s.id)).toEqual(["s1"]);
    expect(screen.queryByTestId("outline-delete-selected")).toBeNull();

    // Select all, then delete: the outline is empty in one step.
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete 1 section" }));
    fireEvent.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete 1 section" }),
    );
    expect(seen.latest).toEqual([]);
  });
});

describe("Course Preview totals (spec 000 §2)", () => {
  const outline: OutlineSection[] = [
    section({
      id: "a",
      title: "Welcome",
      duration: 999, // ignored: the lessons' minutes count
      lessons: [
        { id: "l1", title: "Intro video", type: "video", duration: 50 },
        { id: "l2", title: "Reading", type: "text", duration: 25 },
      ],
    }),
    // No lessons: counts as one lesson of its own 45 minutes.
    section({ id: "b", title: "Practice", duration: 45 }),
  ];

  it("sums lesson minutes and counts a section without lessons as one lesson", () => {
    expect(outlineTotals(outline)).toEqual({ sections: 2, lessons: 3, minutes: 120, videoMinutes: 50 });
    expect(outlineTotals([])).toEqual({ sections: 0, lessons: 0, minutes: 0, videoMinutes: 0 });
  });

  it("shows the totals, the price or Free, no invented rating, the guarantee only when set on a paid course, and the fallbacks", () => {
    // A free course never shows the guarantee, whatever the builder holds (issue 24 §3).
    const draft: CourseDraft = { ...emptyDraft(), title: "Spanish", outline, price: 0, guaranteeDays: 30 };
    const { rerender } = render(<CoursePreview draft={draft} />);
    expect(screen.getByTestId("preview-title").textContent).toBe("Spanish");
    expect(screen.getByTestId("preview-duration").textContent).toBe("2h 0m");
    expect(screen.getByTestId("preview-lessons").textContent).toBe("3 lessons");
    expect(screen.getByTestId("preview-price").textContent).toBe("Free");
    // Nothing invented (issue 24 §1): no rating, no guarantee; a free course is not a "payment".
    expect(screen.queryByText("4.8")).toBeNull();
    expect(screen.queryByText("(124)")).toBeNull();
    expect(screen.queryByText(/money-back/i)).toBeNull();
    expect(screen.queryByText("One-time payment")).toBeNull();
    expect(screen.getByText("Intro video")).toBeTruthy();
    expect(screen.getByLabelText("Video")).toBeTruthy();
    expect(screen.getAllByLabelText("Document")).toHaveLength(2);

    rerender(<CoursePreview draft={{ ...emptyDraft(), price: 1_990_000 }} />);
    expect(screen.getByTestId("preview-title").textContent).toBe("Course Title");
    expect(screen.getByText("No course content yet")).toBeTruthy();
    expect(screen.getByTestId("preview-duration").textContent).toBe("0h 0m");
    expect(screen.getByTestId("preview-price").textContent).toMatch(/1,990,000/);
    expect(screen.getByText("One-time payment")).toBeTruthy();
    expect(screen.queryByText(/money-back/i)).toBeNull();

    rerender(<CoursePreview draft={{ ...emptyDraft(), price: 1_990_000, guaranteeDays: 14 }} />);
    expect(screen.getByTestId("guarantee-note").textContent).toBe("14-day money-back guarantee");
  });

  it("the client fallback outline is two sections of 45 and 90 minutes", () => {
    const fallback = fallbackOutline({
      sectionTitle: (n) => `Section ${n}`,
      descriptions: ["a", "b"],
      lessons: ["x", "y"],
    });
    expect(fallback.map((s) => [s.title, s.duration])).toEqual([
      ["Section 1", 45],
      ["Section 2", 90],
    ]);
    expect(outlineTotals(fallback).minutes).toBe(135);
  });
});
