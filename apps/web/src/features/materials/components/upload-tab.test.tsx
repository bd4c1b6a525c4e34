import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { UploadTab } from "./upload-tab";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

function pick(input: HTMLInputElement, name: string) {
  const file = new File(["%PDF-1.4 test"], name, { type: "application/pdf" });
  fireEvent.change(input, { target: { files: [file] } });
}

describe("UploadTab (issue 17 item 10)", () => {
  it("the title follows a replaced file until the creator types their own", async () => {
    const client = new QueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <UploadTab category="language" skillLevel="beginner" onUploaded={() => {}} />
      </QueryClientProvider>,
    );
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const title = () => (screen.getByLabelText("Title") as HTMLInputElement).value;
    pick(input, "grammar-basics.pdf");
    expect(title()).toMatch(/grammar basics/i);
    pick(input, "verb-tenses.pdf");
    expect(title()).toMatch(/verb tenses/i);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "My own title" } });
    pick(input, "another.pdf");
    expect(title()).toBe("My own title");
  });
});
