import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { Toaster } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import enCatalogue from "@/locales/en/account.json";
import viCatalogue from "@/locales/vi/account.json";
import { DeleteAccountCard } from "./delete-account-card";

/**
 * Issue 23 item 8: the delete-account card asks for the password (or a fresh sign-in), and a
 * creator whose students paid is told so — with the count — before anything can be typed.
 */

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function keyPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

/** Answers GET /api/account/deletion with `needs`, and DELETE /api/account with `deleteAnswer`. */
function serve(
  needs: unknown,
  deleteAnswer: () => Response = () => new Response(null, { status: 204 }),
  exportAnswer: () => Response = () => json({}, 404),
) {
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).endsWith("/api/account/deletion")) return json(needs, 200);
    if (String(url).endsWith("/api/account/export")) return exportAnswer();
    if (String(url).endsWith("/api/account") && init?.method === "DELETE") return deleteAnswer();
    return json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404);
  });
}

function renderCard() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/dashboard/account"]}>
        <Routes>
          <Route
            path="/dashboard/account"
            element={
              <>
                <DeleteAccountCard email="minh@example.com" />
                <Toaster />
              </>
            }
          />
          <Route path="/account-deleted" element={<p>deleted page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function deleteCalls() {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE");
}

describe("account catalogues", () => {
  it("en and vi have the same keys", () => {
    expect(keyPaths(viCatalogue).sort()).toEqual(keyPaths(enCatalogue).sort());
  });
});

describe("delete-account card (issue 23 item 8)", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
  });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("a creator whose students paid sees the count and what to do; the button is disabled", async () => {
    serve({ hasPassword: true, paidOrders: 2, freshUntil: null });
    renderCard();
    await screen.findByText(/2 paid orders/);
    expect(screen.getByText("Your account cannot be deleted yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Earnings" }).getAttribute("href")).toBe(
      "/dashboard/earnings",
    );
    expect((screen.getByTestId("delete-account") as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks for the password, shows a wrong one's error, and lands on /account-deleted", async () => {
    let answer = json(
      {
        error: {
          code: "VALIDATION_FAILED",
          message: "The password is not correct.",
          reason: "account.deletePasswordWrong",
        },
      },
      400,
    );
    serve({ hasPassword: true, paidOrders: 0, freshUntil: null }, () => answer);
    renderCard();
    const open = screen.getByTestId("delete-account") as HTMLButtonElement;
    await waitFor(() => expect(open.disabled).toBe(false));
    fireEvent.click(open);
    await screen.findByText(/Your certificates will stop verifying/);
    const confirm = screen.getByRole("button", { name: "Delete account for good" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Your password"), { target: { value: "wrong one" } });
    fireEvent.click(confirm);
    await screen.findByText("The password is not correct.");
    expect(JSON.parse(String(deleteCalls()[0][1]?.body))).toEqual({ password: "wrong one" });

    answer = new Response(null, { status: 204 });
    fireEvent.change(screen.getByLabelText("Your password"), { target: { value: "right one" } });
    fireEvent.click(screen.getByRole("button", { name: "Delete account for good" }));
    await screen.findByText("deleted page");
    expect(JSON.parse(String(deleteCalls()[1][1]?.body))).toEqual({ password: "right one" });
  });

  it("an account without a password and no fresh sign-in is asked to sign in again; nothing is sent", async () => {
    serve({ hasPassword: false, paidOrders: 0, freshUntil: null });
    renderCard();
    const open = screen.getByTestId("delete-account") as HTMLButtonElement;
    await waitFor(() => expect(open.disabled).toBe(false));
    fireEvent.click(open);
    await screen.findByRole("button", { name: "Sign in again" });
    expect(screen.queryByLabelText("Your password")).toBeNull();
    const confirm = screen.getByRole("button", { name: "Delete account for good" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(deleteCalls()).toHaveLength(0);
  });

  it("offers the data download in the dialog: the ZIP is saved under the server's name, a refusal is said", async () => {
    let exportAnswer = () =>
      json(
        {
          error: {
            code: "RATE_LIMITED",
            message: "You have downloaded your data several times in the last hour. Please try again later.",
            reason: "account.exportTooOften",
          },
        },
        429,
      );
    serve({ hasPassword: true, paidOrders: 0, freshUntil: null }, undefined, () => exportAnswer());
    const saved: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:zip", revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderCard();
    const open = screen.getByTestId("delete-account") as HTMLButtonElement;
    await waitFor(() => expect(open.disabled).toBe(false));
    fireEvent.click(open);
    await screen.findByText("Want a copy first? Download your data before you delete the account.");
    fireEvent.click(screen.getByTestId("download-data"));
    await screen.findByText(
      "You have downloaded your data several times in the last hour. Please try again later.",
    );
    expect(saved).toEqual([]);

    exportAnswer = () =>
      new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
        status: 200,
        headers: {
          "content-type": "application/zip",
          "content-disposition": 'attachment; filename="academy-data-2026-11-28.zip"',
        },
      });
    fireEvent.click(screen.getByTestId("download-data"));
    await screen.findByText("Your data was downloaded.");
    expect(saved).toEqual(["academy-data-2026-11-28.zip"]);
    expect(deleteCalls()).toHaveLength(0);
    click.mockRestore();
  });
});
