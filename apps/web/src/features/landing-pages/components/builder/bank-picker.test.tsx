import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import * as React from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { BankPicker } from "./bank-picker";

function Harness({ kind, initial, seen }: { kind: "code" | "name"; initial: string; seen: string[] }) {
  const [value, setValue] = React.useState(initial);
  return (
    <BankPicker
      id="bank"
      kind={kind}
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

beforeAll(async () => {
  await act(() => i18n.changeLanguage("en"));
});
afterEach(cleanup);

describe("BankPicker (issue 11 §7)", () => {
  it("shows the stored bank, filters accent-insensitively and picks with the keyboard", () => {
    const seen: string[] = [];
    render(<Harness kind="code" initial="VCB" seen={seen} />);
    const box = screen.getByRole("combobox");
    expect(box).toHaveProperty("value", "Vietcombank");
    expect(screen.getByTestId("bank-selected").textContent).toContain("970436");

    fireEvent.change(box, { target: { value: "cong thuong" } });
    expect(box.getAttribute("aria-expanded")).toBe("true");
    const options = screen.getAllByRole("option");
    expect(options[0].textContent).toContain("VietinBank");
    expect(box.getAttribute("aria-activedescendant")).toBe(options[0].id);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-activedescendant")).toBe(options[1].id);
    fireEvent.keyDown(box, { key: "ArrowUp" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(seen).toEqual(["ICB"]);
    expect(box).toHaveProperty("value", "VietinBank");
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByTestId("bank-selected").textContent).toContain("970415");
  });

  it("finds a bank by BIN, Escape restores the chosen bank, and a stored legacy code shows its bank", () => {
    const seen: string[] = [];
    render(<Harness kind="code" initial="VTB" seen={seen} />);
    const box = screen.getByRole("combobox");
    expect(box).toHaveProperty("value", "VietinBank");
    fireEvent.change(box, { target: { value: "970418" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      expect.stringContaining("BIDV"),
    ]);
    fireEvent.keyDown(box, { key: "Escape" });
    expect(box).toHaveProperty("value", "VietinBank");
    fireEvent.change(box, { target: { value: "no such bank" } });
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    expect(screen.getByRole("listbox").textContent).toContain("No bank matches");
    expect(seen).toEqual([]);
  });

  it("bank transfer: free text is kept, a click on a suggestion writes its short name", () => {
    const seen: string[] = [];
    render(<Harness kind="name" initial="" seen={seen} />);
    const box = screen.getByRole("combobox");
    fireEvent.change(box, { target: { value: "Bank of Tokyo" } });
    expect(seen.at(-1)).toBe("Bank of Tokyo");
    fireEvent.change(box, { target: { value: "techcom" } });
    fireEvent.click(screen.getAllByRole("option")[0]);
    expect(seen.at(-1)).toBe("Techcombank");
    expect(box).toHaveProperty("value", "Techcombank");
  });

  it("finds the banks added and renamed from the published VietQR list (issue 23 §10)", () => {
    const seen: string[] = [];
    render(<Harness kind="code" initial="DOB" seen={seen} />);
    const box = screen.getByRole("combobox");
    // A method stored with DongA's old code shows the bank under its new name.
    expect(box).toHaveProperty("value", "Vikki");
    const names = (query: string) => {
      fireEvent.change(box, { target: { value: query } });
      return screen.queryAllByRole("option").map((o) => o.textContent ?? "");
    };
    expect(names("citibank")[0]).toContain("Citibank");
    expect(names("hana").join(" ")).toMatch(/KEBHanaHCM[\s\S]*KEBHANAHN|KEBHANAHN[\s\S]*KEBHanaHCM/);
    expect(names("mafc")[0]).toContain("MAFC");
    expect(names("vbsp")[0]).toContain("VBSP");
    expect(names("pvcombank pay")[0]).toContain("PVcomBank Pay");
    expect(names("971025")[0]).toContain("MoMo");
    expect(names("oceanbank")[0]).toContain("MBV");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(seen).toEqual(["MBV"]);
  });
});
