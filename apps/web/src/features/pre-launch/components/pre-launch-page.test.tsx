import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Toaster, toast } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import enCatalogue from "@/locales/en/landing.json";
import viCatalogue from "@/locales/vi/landing.json";
import { HERO_EMAIL_ID } from "../constants";
import { PreLaunchPage } from "./pre-launch-page";

const fetchMock = vi.fn<typeof fetch>();
/** What GET /api/public-stats answers (issue 24 §1: the figures past the admin's minimum). */
let publicFigures: { key: string; value: number }[] = [];
/** The page's fetch: public stats answered apart, everything else through `fetchMock`. */
const routedFetch: typeof fetch = async (url, init) =>
  String(url).startsWith("/api/public-stats")
    ? json({ figures: publicFigures }, 200)
    : fetchMock(url as string, init);

/** Every leaf key path of a catalogue, e.g. "signup.toast.invalid.title". */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderPage() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/"]}>
        <PreLaunchPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  const input = document.getElementById(HERO_EMAIL_ID) as HTMLInputElement;
  const form = input.closest("form") as HTMLFormElement;
  return {
    input,
    form,
    submit(value: string) {
      fireEvent.change(input, { target: { value } });
      fireEvent.submit(form);
    },
  };
}

/** The parsed JSON bodies the page sent to POST /api/pre-launch-signups. */
function sentBodies(): unknown[] {
  return fetchMock.mock.calls.map(([url, init]) => {
    expect(String(url)).toBe("/api/pre-launch-signups");
    expect(init?.method).toBe("POST");
    return JSON.parse(String(init?.body));
  });
}

describe("landing catalogues", () => {
  it("en and vi have the same keys, none empty", () => {
    expect(keyPaths(viCatalogue).sort()).toEqual(keyPaths(enCatalogue).sort());
    for (const catalogue of [enCatalogue, viCatalogue]) {
      for (const path of keyPaths(catalogue)) {
        const text = path
          .split(".")
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalogue);
        expect(String(text).trim(), path).not.toBe("");
      }
    }
  });
});

describe("pre-launch page: VIP early-access signup (spec 000 §4, §5, §8)", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
  });
  beforeEach(() => {
    fetchMock.mockReset();
    publicFigures = [];
    vi.stubGlobal("fetch", routedFetch);
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    cleanup();
    vi.unstubAllGlobals();
  });

  it("renders the page sections, one h1 and the document title", () => {
    renderPage();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    for (const id of ["features", "pricing", "examples", "help"])
      expect(document.getElementById(id)).not.toBeNull();
    expect(screen.getByRole("heading", { name: "How It Works" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Watch 2-minute demo" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Get Started Free/ })).toBeTruthy();
    // Nothing invented (issue 24 §1): no traction figures, ratings or testimonials.
    for (const claim of ["10,000+", "50+", "2 minute", "500K+", "$2.4M+", "4.9/5", "Creator stories"])
      expect(screen.queryByText(claim)).toBeNull();
    expect(document.title).toBe("Academy — Build, brand and sell online courses");
    // No untranslated key is shown (i18next renders a missing key as its path).
    const sections = Object.keys(enCatalogue).join("|");
    expect(document.body.textContent).not.toMatch(new RegExp(`\\b(${sections})\\.[a-z]`));
  });

  it("shows only the real platform figures the server returns, and no section without any", async () => {
    renderPage();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
    expect(screen.queryByTestId("platform-stats")).toBeNull();
    cleanup();
    publicFigures = [
      { key: "courses", value: 1234 },
      { key: "students", value: 56789 },
    ];
    renderPage();
    const stats = await screen.findByTestId("platform-stats");
    expect(
      within(stats)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["1,234Published courses", "56,789Students"]);
  });

  it("renders in Vietnamese without missing keys", async () => {
    await act(async () => {
      await i18n.changeLanguage("vi");
    });
    try {
      renderPage();
      expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("Tạo khóa học");
      const sections = Object.keys(enCatalogue).join("|");
      expect(document.body.textContent).not.toMatch(new RegExp(`\\b(${sections})\\.[a-z]`));
    } finally {
      await act(async () => {
        await i18n.changeLanguage("en");
      });
    }
  });

  it("does nothing for a blank or whitespace-only e-mail", async () => {
    const { submit } = renderPage();
    submit("");
    submit("    ");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText("Invalid Email")).toBeNull();
    expect(screen.queryByText("Oops! Something went wrong")).toBeNull();
  });

  it('shows "Invalid Email" for a bad address and sends nothing', async () => {
    const { submit } = renderPage();
    submit("bad");
    expect(await screen.findByText("Invalid Email")).toBeTruthy();
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the trimmed, lower-cased address, blocks a second submit while joining, then shows the success panel", async () => {
    let respond: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (respond = resolve)));
    const { submit, form } = renderPage();

    submit(" Foo@Example.COM ");
    const button = await within(form).findByRole("button", { name: "Joining..." });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(form);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentBodies()).toEqual([{ email: "foo@example.com" }]);

    await act(async () => respond(json({ email: "foo@example.com" }, 201)));
    expect(await screen.findByRole("heading", { name: "You're on the VIP list!" })).toBeTruthy();
    expect(await screen.findByText("Welcome to the VIP List!")).toBeTruthy();
    expect(screen.getByText("You'll get 10% off for life when we launch + early access!")).toBeTruthy();
    expect(document.getElementById(HERO_EMAIL_ID)).toBeNull();
  });

  it('shows "Already Signed Up!" when the server answers 409', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          error: {
            code: "CONFLICT",
            message: "You're already on our early access list. We'll notify you when we launch!",
          },
        },
        409,
      ),
    );
    const { submit, input } = renderPage();
    submit("foo@example.com");
    expect(await screen.findByText("Already Signed Up!")).toBeTruthy();
    expect(
      screen.getByText("You're already on our early access list. We'll notify you when we launch!"),
    ).toBeTruthy();
    expect(sentBodies()).toEqual([{ email: "foo@example.com" }]);
    expect(screen.queryByText("You're on the VIP list!")).toBeNull();
    await waitFor(() => expect(input.isConnected).toBe(true));
  });

  it('shows "Oops! Something went wrong" for any other failure', async () => {
    fetchMock.mockResolvedValue(json({ error: { code: "INTERNAL", message: "boom" } }, 500));
    const { submit } = renderPage();
    submit("foo@example.com");
    expect(await screen.findByText("Oops! Something went wrong")).toBeTruthy();
    expect(screen.getByText("Please try again or contact support.")).toBeTruthy();
  });

  it('the "How It Works" form behaves like the hero form', async () => {
    fetchMock.mockResolvedValue(json({ email: "ana@example.vn" }, 201));
    renderPage();
    const input = document.getElementById("how-it-works-email") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "Ana@Example.VN" } });
    fireEvent.click(screen.getByRole("button", { name: /Get Started Free/ }));
    expect(await screen.findByRole("heading", { name: "You're on the VIP list!" })).toBeTruthy();
    expect(sentBodies()).toEqual([{ email: "ana@example.vn" }]);
  });
});
