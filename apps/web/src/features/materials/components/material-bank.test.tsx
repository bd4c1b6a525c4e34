import type { Material } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { material } from "../test-material";
import { MaterialBank } from "./material-bank";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let library: Material[] = [];
let aiMode: "model" | "offline" = "model";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
beforeEach(() => {
  library = [material({ id: "s1", type: "quiz", title: "Sample quiz", source: "sample" })];
  aiMode = "model";
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/config") return json({ googleEnabled: false, aiMode });
    if (url.startsWith("/api/materials?") || url === "/api/materials") {
      return json({ items: library, samples: library.every((m) => m.source === "sample") });
    }
    if (url === "/api/materials/generate") {
      const body = JSON.parse(String(init?.body));
      if (body.type === "worksheet") {
        return json(
          { error: { code: "UNAVAILABLE", message: "Failed to generate AI material. Please try again." } },
          503,
        );
      }
      const created = material({ id: "new-quiz", type: "quiz", title: "Quiz: Grammar" });
      library = [created, ...library];
      return json(created, 201);
    }
    return json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBank(onMaterialsLoaded = vi.fn()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MaterialBank
        selected={[]}
        onChange={() => {}}
        category="language"
        skillLevel="beginner"
        topic="Grammar"
        onMaterialsLoaded={onMaterialsLoaded}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return onMaterialsLoaded;
}

function openTab(name: string) {
  const tab = screen.getByRole("tab", { name });
  fireEvent.mouseDown(tab, { button: 0 });
  fireEvent.click(tab);
}

describe("MaterialBank", () => {
  it("loads the library with the category and level, tells when only samples are shown, and reports the list", async () => {
    const loaded = renderBank();
    await screen.findByText("Sample quiz");
    expect(screen.getByText("Sample materials — generate or upload your own")).toBeTruthy();
    const url = fetchMock.mock.calls
      .map((call) => String(call[0]))
      .find((u) => u.startsWith("/api/materials?"));
    expect(url).toContain("category=language");
    expect(url).toContain("skillLevel=beginner");
    expect(loaded).toHaveBeenLastCalledWith(library);
  });

  it("AI Generate: 'Success!' toast, the list reloaded, back to Browse with the new material highlighted", async () => {
    renderBank();
    await screen.findByText("Sample quiz");
    openTab("AI Generate");
    await act(async () => {
      fireEvent.click(screen.getByTestId("generate-quiz"));
    });
    await screen.findByText("Success!");
    expect(screen.getByText("AI quiz generated and added to materials.")).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([u]) => String(u) === "/api/materials/generate")!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({
      type: "quiz",
      category: "language",
      skillLevel: "beginner",
      topic: "Grammar",
      locale: "en",
    });
    await screen.findByText("Quiz: Grammar");
    expect(screen.getByRole("tab", { name: "Browse" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("New")).toBeTruthy();
  });

  it("AI Generate failure: 'Error' toast with the spec's text", async () => {
    renderBank();
    await screen.findByText("Sample quiz");
    openTab("AI Generate");
    await act(async () => {
      fireEvent.click(screen.getByTestId("generate-worksheet"));
    });
    await screen.findByText("Failed to generate AI material. Please try again.");
    expect(screen.getByText("Error")).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByTestId("generate-worksheet") as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it("says Templates, not AI, when no model is connected (issue 17 §2, issue 28 §2)", async () => {
    aiMode = "offline";
    library = [material({ id: "t1", type: "quiz", title: "Quiz: Grammar", source: "template" })];
    renderBank();
    await screen.findByText("Quiz: Grammar");
    expect(screen.getByText("Template")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("tab", { name: "Templates" })).toBeTruthy());
    expect(screen.queryByRole("tab", { name: "AI Generate" })).toBeNull();
    openTab("Templates");
    await screen.findByText(/No AI model is connected: a template lays out a material/);
    expect(screen.getByText("Quiz Template")).toBeTruthy();
    // Issue 28 §2: the template is structure with empty slots, and says so.
    expect(screen.getByText("Question slots with empty choices for you to write.")).toBeTruthy();
    expect(
      screen.getByText("Empty multiple-choice and short-answer slots, a rubric and a pass mark."),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId("generate-quiz"));
    });
    await screen.findByText(
      "A quiz template was added to materials. Write every slot before giving it to students.",
    );
  });
});
