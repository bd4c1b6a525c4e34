import type { Material } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import type { TypeFilter } from "../material-rules";
import { material } from "../test-material";
import { BrowseTab } from "./browse-tab";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

const library: Material[] = [
  material({
    id: "m1",
    type: "quiz",
    title: "Grammar quiz",
    tags: ["a", "b", "c", "d"],
    rating: 4.5,
    downloads: 1200,
  }),
  material({ id: "m2", type: "worksheet", title: "Practice sheet" }),
  material({ id: "m3", type: "video", title: "Listening video" }),
];

function Harness({
  initialSelected,
  spy,
  initialType = "all",
}: {
  initialSelected: string[];
  spy: (ids: string[]) => void;
  initialType?: TypeFilter;
}) {
  const [selected, setSelected] = useState(initialSelected);
  const [search, setSearch] = useState("");
  const [type, setType] = useState<TypeFilter>(initialType);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <BrowseTab
        materials={library}
        samples={false}
        loading={false}
        error={null}
        onRetry={() => {}}
        selected={selected}
        onChange={(ids) => {
          spy(ids);
          setSelected(ids);
        }}
        search={search}
        onSearch={setSearch}
        type={type}
        onType={setType}
        highlightId={null}
      />
    </QueryClientProvider>
  );
}

describe("Material Bank — Browse", () => {
  it("lists the selected materials as chips and removes one with its button", () => {
    const spy = vi.fn();
    render(<Harness initialSelected={["m1", "m2"]} spy={spy} />);
    expect(screen.getByRole("heading", { name: "Selected Materials (2)" })).toBeTruthy();
    const chips = screen.getByTestId("selected-chips");
    expect(within(chips).getByText("Grammar quiz")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove “Grammar quiz” from the selection" }));
    expect(spy).toHaveBeenLastCalledWith(["m2"]);
    expect(screen.getByRole("heading", { name: "Selected Materials (1)" })).toBeTruthy();
    expect(within(screen.getByTestId("selected-chips")).queryByText("Grammar quiz")).toBeNull();
  });

  it("toggles Select / Selected on a card", () => {
    const spy = vi.fn();
    render(<Harness initialSelected={[]} spy={spy} />);
    const card = screen
      .getAllByTestId("material-card")
      .find((c) => c.textContent?.includes("Practice sheet"))!;
    const toggle = within(card).getByRole("button", { name: /^Select/ });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(spy).toHaveBeenLastCalledWith(["m2"]);
    expect(
      within(card)
        .getByRole("button", { name: /^Selected/ })
        .getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("shows at most 3 tags per card", () => {
    render(<Harness initialSelected={[]} spy={vi.fn()} />);
    const card = screen.getAllByTestId("material-card")[0]!;
    expect(within(within(card).getByRole("list", { name: "Tags" })).getAllByRole("listitem")).toHaveLength(3);
  });

  it("filters by type and search, with the spec's empty text", () => {
    render(<Harness initialSelected={[]} spy={vi.fn()} initialType="worksheet" />);
    expect(screen.getAllByTestId("material-card").map((c) => c.dataset.materialId)).toEqual(["m2"]);
    fireEvent.change(screen.getByRole("searchbox", { name: "Search materials" }), {
      target: { value: "quiz" },
    });
    expect(screen.queryAllByTestId("material-card")).toHaveLength(0);
    expect(screen.getByText("No materials found matching your criteria.")).toBeTruthy();
  });
});
