import type { Material } from "@academy/shared";
import { INVALID_MATERIAL_MESSAGE } from "@academy/shared/rules/upload-areas";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import i18n from "@/lib/i18n";
import type { UploadProgress } from "@/lib/resumable-upload";
import { UploadTab } from "./upload-tab";

// Issue 26 §1: the Material Bank uploads through the resumable (tus) client and the shared
// progress panel. The tus client itself is replaced here; its requests are tested on the server.

type Handlers = {
  onProgress(progress: UploadProgress): void;
  onSuccess(file: unknown): void;
  onError(error: ApiError): void;
  onRetry?(): void;
};

const tusMock = vi.hoisted(() => ({
  started: [] as { file: File; area: string; handlers: Handlers; options: { resumePrevious?: boolean } }[],
  previous: [] as { sent: number | null; startedAt: string }[],
  pause: vi.fn(),
  resume: vi.fn(),
  cancel: vi.fn(async () => {}),
}));

vi.mock("@/lib/resumable-upload", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/resumable-upload")>()),
  findPreviousUploads: vi.fn(async () => tusMock.previous),
  startResumableUpload: vi.fn(
    (file: File, area: string, handlers: Handlers, options: { resumePrevious?: boolean } = {}) => {
      tusMock.started.push({ file, area, handlers, options });
      return { pause: tusMock.pause, resume: tusMock.resume, cancel: tusMock.cancel };
    },
  ),
}));

const addMaterial = vi.hoisted(() => ({ mutateAsync: vi.fn() }));
vi.mock("../api/materials", () => ({ useAddUploadedMaterial: () => addMaterial }));

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), plain: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign((...args: unknown[]) => toasts.plain(...args), {
    error: toasts.error,
    success: toasts.success,
  }),
}));

const MB = 1024 * 1024;
const STORED = {
  id: "6f1c1c1e-1b1a-4c3e-9a9a-111111111111",
  key: "material/u1/1-aa.pdf",
  url: "/files/material/u1/1-aa.pdf",
  mimeType: "application/pdf",
  sizeBytes: 16 * MB,
  originalName: "grammar.pdf",
};

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
beforeEach(() => {
  tusMock.started.length = 0;
  tusMock.previous = [];
  vi.clearAllMocks();
});
afterEach(cleanup);

function renderTab(onUploaded = vi.fn()) {
  const view = render(<UploadTab category="language" skillLevel="beginner" onUploaded={onUploaded} />);
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File(["%PDF-1.4 test"], "grammar.pdf", { type: "application/pdf" });
  fireEvent.change(input, { target: { files: [file] } });
  return { ...view, file, onUploaded };
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Upload to library" }));

describe("Material Bank upload over tus (issue 26 §1)", () => {
  it("uploads to area material with bar, MB, speed, time left, Pause/Resume and reconnecting, then adds the material", async () => {
    addMaterial.mutateAsync.mockResolvedValue({ id: "m1", title: "Grammar" } as Material);
    const { file, onUploaded } = renderTab();
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Grammar" } });
    submit();
    await waitFor(() => expect(tusMock.started).toHaveLength(1));
    const [{ area, handlers, options, file: sent }] = tusMock.started;
    expect(area).toBe("material");
    expect(sent).toBe(file);
    expect(options.resumePrevious).toBe(false);

    act(() => handlers.onProgress({ sent: 4 * MB, total: 16 * MB, bytesPerSecond: 2 * MB, secondsLeft: 6 }));
    expect(screen.getByText("25%")).toBeTruthy();
    expect(screen.getByText("4.0 of 16.0 MB · 2.0 MB/s · 0:06 left")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Upload of grammar.pdf" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Uploading…" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(tusMock.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByText("4.0 of 16.0 MB · Paused")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Resume" }));
    expect(tusMock.resume).toHaveBeenCalledTimes(1);

    act(() => handlers.onRetry?.());
    expect(screen.getByText("4.0 of 16.0 MB · Connection lost, reconnecting…")).toBeTruthy();
    act(() => handlers.onProgress({ sent: 12 * MB, total: 16 * MB, bytesPerSecond: 4 * MB, secondsLeft: 1 }));
    expect(screen.getByText("75%")).toBeTruthy();

    await act(async () => handlers.onSuccess(STORED));
    expect(addMaterial.mutateAsync).toHaveBeenCalledWith(
      expect.objectContaining({ uploadId: STORED.id, title: "Grammar", category: "language" }),
    );
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ id: "m1", title: "Grammar" }));
    expect(toasts.success).toHaveBeenCalled();
    expect(screen.queryByTestId("upload-progress")).toBeNull();
  });

  it("after a reload, picking the same file offers to resume it; Resume continues, Start over begins afresh", async () => {
    tusMock.previous = [{ sent: null, startedAt: "2026-11-29T10:00:00.000Z" }];
    renderTab();
    submit();
    const resume = await screen.findByRole("button", { name: "Resume upload of grammar.pdf" });
    expect(screen.getByText("An earlier upload of grammar.pdf was interrupted.")).toBeTruthy();
    expect(tusMock.started).toHaveLength(0);
    expect((screen.getByRole("button", { name: "Upload to library" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(resume);
    expect(tusMock.started).toHaveLength(1);
    expect(tusMock.started[0].options.resumePrevious).toBe(true);
    expect(screen.queryByText("An earlier upload of grammar.pdf was interrupted.")).toBeNull();
    cleanup();

    renderTab();
    submit();
    fireEvent.click(await screen.findByRole("button", { name: "Start over" }));
    expect(tusMock.started).toHaveLength(2);
    expect(tusMock.started[1].options.resumePrevious).toBe(false);
  });

  it("Cancel deletes the partial upload and says so; the form can be sent again", async () => {
    renderTab();
    submit();
    await waitFor(() => expect(tusMock.started).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(tusMock.cancel).toHaveBeenCalledTimes(1);
    expect(toasts.plain).toHaveBeenCalledWith("Upload cancelled.");
    expect(screen.queryByTestId("upload-progress")).toBeNull();
    expect((screen.getByRole("button", { name: "Upload to library" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(addMaterial.mutateAsync).not.toHaveBeenCalled();
  });

  it("the server's refusals show the material texts (type by content, size), nothing is added", async () => {
    renderTab();
    submit();
    await waitFor(() => expect(tusMock.started).toHaveLength(1));
    act(() =>
      tusMock.started[0].handlers.onError(new ApiError(400, "VALIDATION_FAILED", INVALID_MATERIAL_MESSAGE)),
    );
    expect(toasts.error).toHaveBeenLastCalledWith(i18n.t("materials:errorTitle"), {
      description: i18n.t("materials:upload.invalidType"),
    });
    submit();
    await waitFor(() => expect(tusMock.started).toHaveLength(2));
    act(() =>
      tusMock.started[1].handlers.onError(
        new ApiError(413, "PAYLOAD_TOO_LARGE", "File size must be less than 100MB"),
      ),
    );
    expect(toasts.error).toHaveBeenLastCalledWith(i18n.t("materials:errorTitle"), {
      description: "File size must be less than 100MB",
    });
    expect(addMaterial.mutateAsync).not.toHaveBeenCalled();
  });

  it("speaks Vietnamese in the resume offer", async () => {
    await i18n.changeLanguage("vi");
    try {
      tusMock.previous = [{ sent: null, startedAt: "2026-11-29T10:00:00.000Z" }];
      renderTab();
      fireEvent.click(screen.getByRole("button", { name: "Tải lên thư viện" }));
      expect(await screen.findByRole("button", { name: "Tiếp tục tải lên grammar.pdf" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Tải lại từ đầu" })).toBeTruthy();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
