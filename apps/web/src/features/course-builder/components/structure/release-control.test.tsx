import type { OutlineSection } from "@academy/shared";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { StructureEditor } from "./structure-editor";

// Issue 27 §1: the builder's "Available: at enrolment / N days after enrolment / on date" control
// and the section card's badge.

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

const section = (id: string): OutlineSection => ({
  id,
  title: `Section ${id}`,
  description: "",
  duration: 0,
  materials: [],
  lessons: [],
});

describe("the section release control", () => {
  it("sets N days after enrolment, refuses 0 and 366, shows a 'Day N' badge, and goes back", () => {
    const spy = vi.fn();
    render(<Harness initial={[section("a"), section("b")]} spy={spy} />);
    const card = screen.getAllByTestId("section-card")[1];
    const kind = within(card).getByLabelText("When “Section b” opens for a student") as HTMLSelectElement;
    expect(kind.value).toBe("enrolment");
    expect(within(card).queryByTestId("release-badge")).toBeNull();

    fireEvent.change(kind, { target: { value: "days" } });
    expect(spy.mock.lastCall?.[0][1].release).toEqual({ kind: "days", days: 1 });
    const days = within(card).getByLabelText("Days after enrolment for “Section b”");
    fireEvent.change(days, { target: { value: "3" } });
    expect(spy.mock.lastCall?.[0][1].release).toEqual({ kind: "days", days: 3 });
    expect(within(card).getByTestId("release-badge").textContent).toContain("Day 3");
    // The first section is untouched.
    expect(spy.mock.lastCall?.[0][0].release).toBeUndefined();

    const calls = spy.mock.calls.length;
    fireEvent.change(days, { target: { value: "366" } });
    expect(within(card).getByRole("alert").textContent).toBe("Enter a whole number of days from 1 to 365.");
    expect(days.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(days, { target: { value: "0" } });
    expect(spy.mock.calls.length).toBe(calls);

    fireEvent.change(kind, { target: { value: "enrolment" } });
    expect(spy.mock.lastCall?.[0][1].release).toBeUndefined();
    expect(within(card).queryByTestId("release-badge")).toBeNull();
  });

  it("sets a date and shows it as dd/MM on the card (vi too)", async () => {
    const spy = vi.fn();
    render(<Harness initial={[section("a")]} spy={spy} />);
    const card = screen.getByTestId("section-card");
    fireEvent.change(within(card).getByLabelText("When “Section a” opens for a student"), {
      target: { value: "date" },
    });
    fireEvent.change(within(card).getByLabelText("Opening date of “Section a”"), {
      target: { value: "2027-12-05" },
    });
    expect(spy.mock.lastCall?.[0][0].release).toEqual({ kind: "date", date: "2027-12-05" });
    expect(within(card).getByTestId("release-badge").textContent).toContain("05/12");
    await i18n.changeLanguage("vi");
    expect(within(screen.getByTestId("section-card")).getByText("Mở:")).toBeTruthy();
    await i18n.changeLanguage("en");
  });
});
