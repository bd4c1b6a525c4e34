import { COURSE_MESSAGES } from "@academy/shared";
import { fileTooLargeMessage, INVALID_VIDEO_MESSAGE } from "@academy/shared/rules/upload-areas";
import { describe, expect, it } from "vitest";
import en from "@/locales/en/structure.json";
import { checkLessonVideo } from "./video-lesson-editor";
import { classifyVideoUrl, videoEmbedUrl } from "./video-url";

describe("lesson video address (same rule as the server)", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    [
      "https://youtube.com/watch?v=dQw4w9WgXcQ&t=10",
      "youtube",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    ],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "youtube", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "youtube", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "youtube", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "vimeo", "https://vimeo.com/76979871"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "https://vimeo.com/76979871"],
    ["  /files/lesson-video/u/1-abc.mp4 ", "upload", "/files/lesson-video/u/1-abc.mp4"],
  ])("accepts %s", (input, source, url) => {
    expect(classifyVideoUrl(input)).toEqual({ source, url });
  });

  it.each([
    "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://example.com/video.mp4",
    "https://vimeo.com/channels/staffpicks",
    "javascript:alert(1)",
    "/files/../etc/passwd",
    "",
  ])("refuses %s", (input) => {
    expect(classifyVideoUrl(input)).toBeUndefined();
  });

  it("embeds YouTube through youtube-nocookie and Vimeo through its player", () => {
    expect(videoEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    expect(videoEmbedUrl("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(videoEmbedUrl("/files/x.mp4")).toBeUndefined();
  });

  it("shows the contract's and the server's messages", () => {
    expect(en.video.urlInvalid).toBe(COURSE_MESSAGES.videoUrlInvalid);
    expect(en.video.invalidType).toBe(INVALID_VIDEO_MESSAGE);
    expect(en.video.tooLarge.replace("{{max}}", "500")).toBe(fileTooLargeMessage(500));
  });

  it("checks lesson video files like the server: MP4, WebM or MOV up to 500 MB", () => {
    const file = (name: string, type: string, size: number) => ({ name, type, size }) as File;
    expect(checkLessonVideo(file("a.mp4", "video/mp4", 1000))).toBeNull();
    expect(checkLessonVideo(file("a.mov", "", 1000))).toBeNull();
    expect(checkLessonVideo(file("a.avi", "video/x-msvideo", 1000))).toBe("type");
    expect(checkLessonVideo(file("a.webm", "video/webm", 500 * 1024 * 1024 + 1))).toBe("size");
  });
});
