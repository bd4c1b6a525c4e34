import { afterEach, describe, expect, it, vi } from "vitest";

// DOMPurify needs a faithful DOM (a browser); happy-dom is not one, so this test checks how the
// player calls it and what it does with the result. The real sanitizing is seen in Chromium.
const sanitize = vi.fn((html: string, _config: unknown) => {
  const template = document.createElement("body");
  template.innerHTML = html;
  return template;
});
vi.mock("dompurify", () => ({
  default: { sanitize: (html: string, config: unknown) => sanitize(html, config) },
}));

// Test files share a worker's modules (isolate: false): drop an earlier file's copy of ./sanitize
// (bound to the real DOMPurify) so this import gets the mock.
vi.resetModules();
const { isBlankHtml, sanitizeLessonHtml } = await import("./sanitize");

afterEach(() => sanitize.mockClear());

describe("sanitizeLessonHtml", () => {
  it("asks DOMPurify for HTML only, without styles, forms or frames", () => {
    sanitizeLessonHtml("<p>Hi</p>");
    const config = sanitize.mock.calls[0]![1] as Record<string, unknown>;
    expect(config).toMatchObject({ USE_PROFILES: { html: true }, RETURN_DOM: true });
    expect(config.FORBID_TAGS).toEqual(expect.arrayContaining(["style", "form", "iframe"]));
    expect(config.FORBID_ATTR).toEqual(["style"]);
  });

  it("opens links to other sites in a new tab without access to the page", () => {
    const html = sanitizeLessonHtml(
      '<a href="https://example.com">out</a><a href="/dashboard" target="_top">in</a>',
    );
    const box = document.createElement("div");
    box.innerHTML = html;
    const [out, inside] = box.querySelectorAll("a");
    expect(out!.getAttribute("target")).toBe("_blank");
    expect(out!.getAttribute("rel")).toBe("noopener noreferrer");
    expect(inside!.hasAttribute("target")).toBe(false);
  });
});

describe("isBlankHtml", () => {
  it("is true for markup without text or image", () => {
    expect(isBlankHtml("")).toBe(true);
    expect(isBlankHtml("<p>&nbsp;</p><p> </p>")).toBe(true);
    expect(isBlankHtml("<p>Hi</p>")).toBe(false);
    expect(isBlankHtml('<img src="/files/a.png" alt="">')).toBe(false);
  });
});
