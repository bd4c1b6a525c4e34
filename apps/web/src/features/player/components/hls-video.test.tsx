import type { VideoStream } from "@academy/shared";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { HlsVideo, resumeAt } from "./hls-video";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

const STREAM: VideoStream = {
  masterUrl: "/api/videos/f/master.m3u8",
  posterUrl: "/api/videos/f/poster.jpg?exp=1&sig=a",
  renditions: [360, 720],
  durationSeconds: 30,
  captions: [
    { language: "vi", url: "/api/videos/f/captions/vi.vtt?exp=1&sig=a" },
    { language: "en", url: "/api/videos/f/captions/en.vtt?exp=1&sig=a" },
  ],
};

function renderPlayer(startAt: number | null = null) {
  const onPosition = vi.fn();
  const onEnded = vi.fn();
  render(
    <HlsVideo
      stream={STREAM}
      fallbackUrl="/files/v.mp4"
      startAt={startAt}
      onEnded={onEnded}
      onPosition={onPosition}
    />,
  );
  const video = screen.getByTestId("lesson-video") as HTMLVideoElement;
  Object.defineProperty(video, "duration", { configurable: true, value: 30 });
  return { video, onPosition, onEnded };
}

describe("resumeAt", () => {
  it("resumes inside the video, starts over near either end", () => {
    expect(resumeAt(12, 30)).toBe(12);
    expect(resumeAt(1, 30)).toBe(0);
    expect(resumeAt(28.5, 30)).toBe(0);
    expect(resumeAt(null, 30)).toBe(0);
  });
});

describe("HlsVideo", () => {
  it("offers Auto quality, speeds 0.75–2× and the captions of each language; speed sets the playback rate", () => {
    const { video } = renderPlayer();
    const quality = screen.getByTestId("video-quality") as HTMLSelectElement;
    expect([...quality.options].map((o) => o.text)).toEqual(["Auto"]);
    const speed = screen.getByTestId("video-speed") as HTMLSelectElement;
    expect([...speed.options].map((o) => o.value)).toEqual(["0.75", "1", "1.25", "1.5", "1.75", "2"]);
    fireEvent.change(speed, { target: { value: "1.5" } });
    expect(video.playbackRate).toBe(1.5);
    const captions = screen.getByTestId("video-captions") as HTMLSelectElement;
    expect([...captions.options].map((o) => o.text)).toEqual(["Off", "Tiếng Việt", "English"]);
    expect(video.querySelectorAll("track")).toHaveLength(2);
    expect(video.getAttribute("poster")).toBe(STREAM.posterUrl);
  });

  it("resumes at the saved position and reports the position every 5 s, on pause and on leave", () => {
    const { video, onPosition } = renderPlayer(12);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(12);
    video.currentTime = 14;
    fireEvent.timeUpdate(video);
    expect(onPosition).not.toHaveBeenCalled();
    video.currentTime = 17.5;
    fireEvent.timeUpdate(video);
    expect(onPosition).toHaveBeenLastCalledWith(17.5, false);
    video.currentTime = 18;
    fireEvent.pause(video);
    expect(onPosition).toHaveBeenLastCalledWith(18, false);
    Object.defineProperty(document, "visibilityState", { configurable: true, value: "hidden" });
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(onPosition).toHaveBeenLastCalledWith(18, true);
    Object.defineProperty(document, "visibilityState", { configurable: true, value: "visible" });
    video.currentTime = 19;
    cleanup();
    expect(onPosition).toHaveBeenLastCalledWith(19, true);
  });

  it("takes keyboard shortcuts: k/space play-pause, arrows 5 s, m mute, c captions; not while typing", () => {
    const { video } = renderPlayer();
    fireEvent.loadedMetadata(video);
    const play = vi.spyOn(video, "play").mockResolvedValue(undefined);
    const pause = vi.spyOn(video, "pause").mockImplementation(() => undefined);
    Object.defineProperty(video, "paused", { configurable: true, get: () => !play.mock.calls.length });
    fireEvent.keyDown(window, { key: "k" });
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(window, { key: " " });
    expect(pause).toHaveBeenCalledTimes(1);
    video.currentTime = 10;
    fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(video.currentTime).toBe(15);
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    expect(video.currentTime).toBe(5);
    fireEvent.keyDown(window, { key: "m" });
    expect(video.muted).toBe(true);
    const captions = screen.getByTestId("video-captions") as HTMLSelectElement;
    fireEvent.keyDown(window, { key: "c" });
    expect(captions.value).toBe("vi");
    fireEvent.keyDown(window, { key: "c" });
    expect(captions.value).toBe("off");
    const field = document.createElement("input");
    document.body.append(field);
    fireEvent.keyDown(field, { key: "m" });
    expect(video.muted).toBe(true);
    field.remove();
  });
});
