import { ACHIEVEMENT_TEXTS, ACHIEVEMENTS } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import enCommunity from "@/locales/en/community.json";
import viCommunity from "@/locales/vi/community.json";
import { AchievementShareButton, facebookShareUrl } from "./achievement-share";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

function renderButton(shareId: string | null, routes: Record<string, () => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler() : json({ error: { code: "NOT_FOUND", message: "nope" } }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <AchievementShareButton achievementId="firstSteps" title="First Steps" shareId={shareId} />
    </QueryClientProvider>,
  );
  return { fetch, view, client };
}

describe("AchievementShareButton", () => {
  it("asks before making the public page, then creates it on the server", async () => {
    const { fetch } = renderButton(null, {
      "POST /api/community/achievements/firstSteps/share": () =>
        json({
          shareId: "AAAAAAAAAAAAAAAAAAAAAA",
          url: "http://localhost/achievements/AAAAAAAAAAAAAAAAAAAAAA",
        }),
    });
    fireEvent.click(screen.getByTestId("share-firstSteps"));
    expect(await screen.findByText(/Sharing makes a public page/)).toBeTruthy();
    // Nothing is shared until the person says so.
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Create public page" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([u, init]) => String(u).endsWith("/achievements/firstSteps/share") && init?.method === "POST",
        ),
      ).toBe(true),
    );
  });

  it("offers copy link (no Web Share API here), Facebook and Zalo, and stops sharing", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    const { fetch } = renderButton("BBBBBBBBBBBBBBBBBBBBBB", {
      "DELETE /api/community/achievements/firstSteps/share": () => json(null, 204),
    });
    fireEvent.click(screen.getByTestId("share-firstSteps"));
    const url = `${window.location.origin}/achievements/BBBBBBBBBBBBBBBBBBBBBB`;
    expect((await screen.findByTestId("share-url")).textContent).toBe(url);
    expect(screen.queryByRole("button", { name: "Share…" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(screen.getByRole("link", { name: "Facebook" }).getAttribute("href")).toBe(facebookShareUrl(url));
    expect(facebookShareUrl(url)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    expect(screen.getByRole("button", { name: "Zalo" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Stop sharing" }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true));
  });

  it("uses the device's share sheet where the browser has one", async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, share });
    renderButton("CCCCCCCCCCCCCCCCCCCCCC", {});
    fireEvent.click(screen.getByTestId("share-firstSteps"));
    fireEvent.click(await screen.findByRole("button", { name: "Share…" }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: "First Steps",
        url: `${window.location.origin}/achievements/CCCCCCCCCCCCCCCCCCCCCC`,
      }),
    );
  });

  it("the server's achievement texts (Open Graph image, page head) equal the web catalogues", () => {
    for (const id of ACHIEVEMENTS) {
      expect(ACHIEVEMENT_TEXTS[id].en).toEqual(enCommunity.achievements[id]);
      expect(ACHIEVEMENT_TEXTS[id].vi).toEqual(viCommunity.achievements[id]);
    }
  });
});
