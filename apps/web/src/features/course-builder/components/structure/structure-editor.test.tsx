import type { OutlineSection } from "@academy/shared";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { StructureEditor } from "./structure-editor";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

function Harness({ initial, spy }: { initial: OutlineSection[]; spy: (outline: OutlineSection[]) => void }) {
  const [outline, setOutline] = useState(initial);
  return (
    <StructureEditor
      outline={outline}
      selectedMaterials={[]}
      onChange={(next) => {
        spy(next);
        setOutline(next);
      }}
    />
  );
}

const section = (id: string, lessons: OutlineSection["lessons"] = [], duration = 0): OutlineSection => ({
  id,
  title: `Section ${id}`,
  description: "",
  duration,
  materials: [],
  lessons,
});

describe("StructureEditor", () => {
  it("shows the empty state and adds a 'New Section'", () => {
    const spy = vi.fn();
    render(<Harness initial={[]} spy={spy} />);
    expect(screen.getByText("No sections yet — generate an outline or add a section")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add section" }));
    const outline = spy.mock.lastCall![0] as OutlineSection[];
    expect(outline).toHaveLength(1);
    expect(outline[0]).toMatchObject({ title: "New Section", lessons: [] });
    expect(screen.getByRole("textbox", { name: "Title of section 1" })).toHaveProperty(
      "value",
      "New Section",
    );
  });

  it("adds a 'New Lesson': a text lesson of 15 minutes", () => {
    const spy = vi.fn();
    render(<Harness initial={[section("a")]} spy={spy} />);
    fireEvent.click(screen.getByRole("button", { name: "Add lesson" }));
    const lesson = (spy.mock.lastCall![0] as OutlineSection[])[0]!.lessons[0];
    expect(lesson).toMatchObject({ title: "New Lesson", type: "text", duration: 15 });
    expect(screen.getByRole("textbox", { name: "Title of lesson 1" })).toHaveProperty("value", "New Lesson");
    expect(screen.getByRole("spinbutton", { name: "Duration in minutes" })).toHaveProperty("value", "15");
  });

  it("shows the totals: sections, lessons and minutes", () => {
    render(
      <Harness
        spy={vi.fn()}
        initial={[
          section("a", [
            { id: "l1", title: "One", type: "text", duration: 10 },
            { id: "l2", title: "Two", type: "video", duration: 20 },
          ]),
          section("b", [], 45),
        ]}
      />,
    );
    const totals = screen.getByTestId("structure-totals");
    expect(totals.textContent).toContain("2 sections");
    expect(totals.textContent).toContain("2 lessons");
    expect(totals.textContent).toContain("75 minutes in total");
  });

  it("moves a lesson down into the next section with the Move down button", () => {
    const spy = vi.fn();
    render(
      <Harness
        spy={spy}
        initial={[section("a", [{ id: "l1", title: "One", type: "text", duration: 15 }]), section("b")]}
      />,
    );
    expect((screen.getByRole("button", { name: "Move lesson “One” up" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("button", { name: "Move lesson “One” down" }));
    const outline = spy.mock.lastCall![0] as OutlineSection[];
    expect(outline.map((s) => s.lessons.map((l) => l.id))).toEqual([[], ["l1"]]);
    expect(screen.getByText("Lesson “One” moved to position 1 of 1 in section “Section b”.")).toBeTruthy();
  });

  it("renames inline and keeps the old title when the field is left empty", () => {
    const spy = vi.fn();
    render(<Harness spy={spy} initial={[section("a")]} />);
    const input = screen.getByRole("textbox", { name: "Title of section 1" }) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "Grammar" } });
    expect((spy.mock.lastCall![0] as OutlineSection[])[0]!.title).toBe("Grammar");
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.blur(input);
    expect(input.value).toBe("Grammar");
  });

  it("deletes a section only after confirmation", async () => {
    const spy = vi.fn();
    render(
      <Harness
        spy={spy}
        initial={[section("a", [{ id: "l1", title: "One", type: "text", duration: 15 }])]}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete section “Section a”" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("“Section a” and its 1 lesson will be removed from the course.");
    expect(spy).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    });
    expect(spy.mock.lastCall![0]).toEqual([]);
  });
});
