import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Toaster, toast } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { BulkActionsPanel } from "./bulk-actions-panel";

const fetchMock = vi.fn<typeof fetch>();
const IDS = ["7b0c3c52-8f7e-4a57-9c55-0c1a2b3c4d5e", "8c1d4d63-9a8f-4b68-8d66-1d2b3c4d5e6f"];

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderPanel(selectedIds: string[] = IDS) {
  const onDone = vi.fn();
  const onClear = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BulkActionsPanel selectedIds={selectedIds} onClear={onClear} onDone={onDone} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onDone, onClear, execute: () => fireEvent.click(screen.getByTestId("bulk-execute")) };
}

/** Picks an action in the Radix select with the keyboard (happy-dom has no layout for pointer events). */
async function chooseAction(name: string) {
  const trigger = screen.getByTestId("bulk-action");
  act(() => {
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "Enter" });
  });
  const option = await screen.findByRole("option", { name });
  act(() => {
    fireEvent.click(option);
  });
  await waitFor(() => expect(trigger.textContent).toContain(name));
}

describe("bulk course panel (spec 000 §2, §4, §5, §8)", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
    // Radix Select calls these; happy-dom lacks them.
    Element.prototype.scrollIntoView ??= () => {};
    Element.prototype.hasPointerCapture ??= () => false;
    Element.prototype.releasePointerCapture ??= () => {};
  });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    cleanup();
    vi.unstubAllGlobals();
  });

  it("refuses to run without an action: Missing Selection, nothing sent", async () => {
    const { execute, onDone } = renderPanel();
    execute();
    expect(await screen.findByText("Missing Selection")).toBeTruthy();
    expect(screen.getByText("Please select courses and an action.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("refuses to run without courses: Missing Selection", async () => {
    const { execute } = renderPanel([]);
    execute();
    expect(await screen.findByText("Missing Selection")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks for the message before e-mailing students", async () => {
    const { execute } = renderPanel();
    await chooseAction("Email enrolled students");
    execute();
    expect(await screen.findByText("Please write the message to send.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads Processing... while running, then reports the result and clears the selection", async () => {
    let respond: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (respond = resolve)));
    const { execute, onDone } = renderPanel();
    await chooseAction("Publish");
    execute();
    await waitFor(() => expect(screen.getByTestId("bulk-execute").textContent).toBe("Processing..."));
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe("/api/courses/bulk");
    expect(JSON.parse(String(init?.body))).toEqual({ action: "publish", courseIds: IDS });
    await act(async () => respond(json({ action: "publish", affected: 2 }, 200)));
    expect(await screen.findByText("2 courses published")).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("bulk-execute").textContent).toBe("Execute");
  });

  it("shows the outbox count after e-mailing", async () => {
    fetchMock.mockResolvedValue(json({ action: "email", affected: 2, queued: 12 }, 200));
    const { execute, onDone } = renderPanel();
    await chooseAction("Email enrolled students");
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "New lesson is up!" } });
    execute();
    expect(await screen.findByText("Email queued for 12 students")).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      action: "email",
      courseIds: IDS,
      message: "New lesson is up!",
    });
    expect(onDone).toHaveBeenCalled();
  });

  it("maps the server's refusals: Invalid action selected, else Operation Failed with the message", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: "VALIDATION", message: "Invalid action selected" } }, 400),
    );
    const { execute, onDone } = renderPanel();
    await chooseAction("Duplicate");
    execute();
    expect(await screen.findByText("Invalid action selected")).toBeTruthy();

    fetchMock.mockResolvedValueOnce(
      json({ error: { code: "NOT_FOUND", message: "Course not found." } }, 404),
    );
    execute();
    expect(await screen.findByText("Operation Failed")).toBeTruthy();
    expect(screen.getByText("Course not found.")).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
