import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { createSpeedMeter } from "@/lib/resumable-upload";
import { formatSpeed, formatTimeLeft, UploadProgressPanel } from "./upload-progress";

const MB = 1024 * 1024;

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
});

describe("resumable upload progress (issue 26 §1)", () => {
  it("the speed meter measures MB/s over its window and the time left at that speed", () => {
    const meter = createSpeedMeter(5000);
    expect(meter.sample(0, 100 * MB, 0).bytesPerSecond).toBeNull();
    const p = meter.sample(4 * MB, 100 * MB, 2000);
    expect(p.bytesPerSecond).toBe(2 * MB);
    expect(p.secondsLeft).toBe(48);
    // Samples older than the window drop out: a slowdown shows.
    meter.sample(5 * MB, 100 * MB, 8000);
    const slow = meter.sample(6 * MB, 100 * MB, 9000);
    expect(slow.bytesPerSecond).toBe(1 * MB);
    expect(slow.secondsLeft).toBe(94);
    meter.reset();
    expect(meter.sample(6 * MB, 100 * MB, 9500).bytesPerSecond).toBeNull();
  });

  it("formats speed and time left", () => {
    expect(formatSpeed(1.5 * MB)).toBe("1.5");
    expect(formatSpeed(12.4 * MB)).toBe("12");
    expect(formatTimeLeft(9)).toBe("0:09");
    expect(formatTimeLeft(245)).toBe("4:05");
    expect(formatTimeLeft(3909)).toBe("1:05:09");
  });

  it("shows percent, MB sent, speed and time left; Pause while running, Resume when paused", () => {
    const onPause = vi.fn();
    const onResume = vi.fn();
    const onCancel = vi.fn();
    const progress = { sent: 40 * MB, total: 160 * MB, bytesPerSecond: 2.5 * MB, secondsLeft: 48 };
    const { rerender } = render(
      <UploadProgressPanel
        progress={progress}
        state="uploading"
        fileName="lecture.mp4"
        onPause={onPause}
        onResume={onResume}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByText("25%")).toBeTruthy();
    expect(screen.getByText("40.0 of 160.0 MB · 2.5 MB/s · 0:48 left")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Upload of lecture.mp4" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(onPause).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Resume" })).toBeNull();

    rerender(
      <UploadProgressPanel
        progress={progress}
        state="paused"
        fileName="lecture.mp4"
        onPause={onPause}
        onResume={onResume}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByText("40.0 of 160.0 MB · Paused")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Resume" }));
    expect(onResume).toHaveBeenCalledTimes(1);

    rerender(
      <UploadProgressPanel
        progress={progress}
        state="retrying"
        fileName="lecture.mp4"
        onPause={onPause}
        onResume={onResume}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByText("40.0 of 160.0 MB · Connection lost, reconnecting…")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("says it is measuring before the speed is known, and speaks Vietnamese", async () => {
    await i18n.changeLanguage("vi");
    render(
      <UploadProgressPanel
        progress={{ sent: 8 * MB, total: 16 * MB, bytesPerSecond: 3 * MB, secondsLeft: 3 }}
        state="uploading"
        fileName="bai-giang.mp4"
        onPause={() => {}}
        onResume={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText("8.0 / 16.0 MB · 3.0 MB/s · còn 0:03")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tạm dừng" })).toBeTruthy();
    cleanup();
    await i18n.changeLanguage("en");
    render(
      <UploadProgressPanel
        progress={{ sent: 0, total: 16 * MB, bytesPerSecond: null, secondsLeft: null }}
        state="uploading"
        fileName="a.mp4"
        onPause={() => {}}
        onResume={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText("0.0 of 16.0 MB · Measuring speed…")).toBeTruthy();
  });
});
