import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { platformSettingsQueryOptions } from "@/lib/platform";
import { BrandMark } from "./layout/brand";
import { PageTitle } from "./page-title";

const settings = (platformName: string) => ({
  platformName,
  supportEmail: "help@example.com",
  defaultLanguage: "en" as const,
  signupMode: "open" as const,
  maintenanceBanner: "",
  liveChatHours: "9AM-5PM EST",
  liveChatUrl: "",
  publicStatsMinimum: 100,
  securityContact: "",
});

afterEach(cleanup);

describe("PageTitle and BrandMark (issue 14: the stored platform name)", () => {
  it("say Academy until the settings are known, then the stored name, and follow a rename", async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <PageTitle>My Courses</PageTitle>
        <BrandMark />
      </QueryClientProvider>,
    );
    expect(document.title).toBe("My Courses · Academy");
    expect(screen.getByText("Academy")).toBeTruthy();

    act(() => client.setQueryData(platformSettingsQueryOptions.queryKey, settings("Sao Mai")));
    await waitFor(() => expect(document.title).toBe("My Courses · Sao Mai"));
    expect(screen.getByText("Sao Mai")).toBeTruthy();

    act(() => client.setQueryData(platformSettingsQueryOptions.queryKey, settings("Học Viện Xanh")));
    await waitFor(() => expect(document.title).toBe("My Courses · Học Viện Xanh"));
  });
});
