import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { Pagination } from "./pagination";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
});

describe("Pagination with a capped total (decision 0193)", () => {
  it("an exact total: 'Page 500 of 500' and Next disabled on the last page", () => {
    render(<Pagination page={500} pageSize={20} total={10_000} onPageChange={() => {}} label="Pages" />);
    expect(screen.getByTestId("page-status").textContent).toBe("Page 500 of 500");
    expect((screen.getByTestId("page-next") as HTMLButtonElement).disabled).toBe(true);
  });

  it("a capped total: 'Page 500 of 500+' and Next still goes on", () => {
    const onPageChange = vi.fn();
    render(
      <Pagination page={500} pageSize={20} total={10_000} more onPageChange={onPageChange} label="Pages" />,
    );
    expect(screen.getByTestId("page-status").textContent).toBe("Page 500 of 500+");
    fireEvent.click(screen.getByTestId("page-next"));
    expect(onPageChange).toHaveBeenCalledWith(501);
  });

  it("past the cap, the page count follows the current page", () => {
    render(<Pagination page={620} pageSize={20} total={10_000} more onPageChange={() => {}} label="Pages" />);
    expect(screen.getByTestId("page-status").textContent).toBe("Page 620 of 620+");
  });
});
