import type { SchoolBranding } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { brandingFixture } from "../test-fixtures";
import { ConfirmSchoolDialog } from "./confirm-school-dialog";

/** Issue 24 §6: the first publish confirms the school's name and logo; later ones are not asked. */

const defaults = brandingFixture({
  exists: false,
  id: null,
  name: "Lan Nguyen's School",
  slug: "abcd1234-academy",
  publicUrl: "http://localhost/s/abcd1234-academy",
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderDialog(
  branding: SchoolBranding,
  putAnswer = (body: unknown) => json({ ...branding, ...(body as object), exists: true }),
) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return putAnswer(body);
      }
      return json(branding);
    }),
  );
  const onProceed = vi.fn();
  const onCancel = vi.fn();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ConfirmSchoolDialog onProceed={onProceed} onCancel={onCancel} />
    </QueryClientProvider>,
  );
  return { puts, onProceed, onCancel };
}

beforeAll(async () => {
  await act(() => i18n.changeLanguage("en"));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ConfirmSchoolDialog (issue 24 §6)", () => {
  it("a creator whose school exists is not asked: the publish goes on at once", async () => {
    const { onProceed, puts } = renderDialog({ ...defaults, exists: true });
    await waitFor(() => expect(onProceed).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId("confirm-school")).toBeNull();
    expect(puts).toEqual([]);
  });

  it("the first publish shows the display-name default; a renamed school is saved before publishing", async () => {
    const { onProceed, puts } = renderDialog(defaults);
    const name = (await screen.findByLabelText("School name")) as HTMLInputElement;
    expect(name.value).toBe("Lan Nguyen's School");
    expect(screen.getByText(/Logo \(optional\)/)).toBeTruthy();
    fireEvent.change(name, { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm and publish" }));
    await screen.findByText("Please enter the school's name.");
    expect(puts).toEqual([]);
    expect(onProceed).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: "Lan English School" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm and publish" }));
    await waitFor(() => expect(onProceed).toHaveBeenCalledTimes(1));
    expect(puts).toEqual([
      expect.objectContaining({
        name: "Lan English School",
        slug: "abcd1234-academy",
        logoUrl: "",
        font: "Inter",
      }),
    ]);
    expect(puts[0]).not.toHaveProperty("exists");
  });

  it("Not now publishes nothing; a refused save says why and does not publish", async () => {
    const first = renderDialog(defaults);
    fireEvent.click(await screen.findByRole("button", { name: "Not now" }));
    expect(first.onCancel).toHaveBeenCalledTimes(1);
    expect(first.onProceed).not.toHaveBeenCalled();
    cleanup();

    const second = renderDialog(defaults, () =>
      json({ error: { code: "VALIDATION_FAILED", message: "Please enter the school's name" } }, 400),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Confirm and publish" }));
    await screen.findByRole("alert");
    expect(second.onProceed).not.toHaveBeenCalled();
  });
});
