import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { brandingFixture } from "../test-fixtures";
import { BrandingPage } from "./branding-page";

const branding = brandingFixture();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Renders the page over a fetch that answers the branding GET; returns the fetch mock. */
function renderPage() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(branding));
  vi.stubGlobal("fetch", fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BrandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const writes = (fetchMock: ReturnType<typeof renderPage>) =>
  fetchMock.mock.calls.filter(([input, init]) => {
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    return method.toUpperCase() !== "GET";
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  await i18n.changeLanguage("en");
});

describe("Branding & Domains client-side validation (issue 15; schemas loaded on demand, issue 17 §14)", () => {
  it("shows the shared schema's message for an empty name and saves nothing", async () => {
    await i18n.changeLanguage("en");
    const fetchMock = renderPage();
    const name = await screen.findByLabelText("School name");
    fireEvent.change(name, { target: { value: "" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Save branding" })[0]);
    // The schema is imported on the first save (issue 17 §14): on a busy CI machine that import
    // took over findByText's default second once.
    expect(await screen.findByText("Please enter your school's name", {}, { timeout: 10_000 })).toBeTruthy();
    expect(writes(fetchMock)).toEqual([]);
  });

  it("refuses an invalid custom domain before calling the server, in the UI language", async () => {
    await i18n.changeLanguage("vi");
    const fetchMock = renderPage();
    const domain = await screen.findByPlaceholderText("learn.example.com");
    fireEvent.change(domain, { target: { value: "not a domain" } });
    fireEvent.submit(domain.closest("form") as HTMLFormElement);
    const alert = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(alert.textContent).toBe("Vui lòng nhập tên miền như learn.example.com");
    expect(alert.textContent).not.toContain("Please enter a domain");
    expect(writes(fetchMock)).toEqual([]);
  });

  it("shows the DNS records to create when another school's pending claim holds the domain (issue 25 N9)", async () => {
    await i18n.changeLanguage("en");
    const record =
      "TXT _academy-verify.learn.example.com = academy-verify-abc123; CNAME learn.example.com → schools.academy.test";
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      (init?.method ?? "GET").toUpperCase() === "POST"
        ? json(
            {
              error: {
                code: "CONFLICT",
                message:
                  "Another school added this domain and has not verified it yet. If it is yours, create the DNS records shown and add it again.",
                issues: [{ path: "domain", message: record }],
              },
            },
            409,
          )
        : json(branding),
    );
    vi.stubGlobal("fetch", fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <BrandingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const domain = await screen.findByPlaceholderText("learn.example.com");
    fireEvent.change(domain, { target: { value: "learn.example.com" } });
    fireEvent.submit(domain.closest("form") as HTMLFormElement);
    expect((await screen.findByTestId("claim-records")).textContent).toBe(record);
    expect(screen.getByRole("alert").textContent).toContain("Another school added this domain");
    expect(screen.getByRole("alert").textContent).toContain("Create these DNS records");
  });
});
