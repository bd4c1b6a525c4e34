import DOMPurify from "dompurify";

/**
 * Sanitizes a text lesson's HTML once more in the browser (the server already did): HTML only (no
 * SVG/MathML), no scripts, event handlers, forms or frames. Links to other sites open in a new tab
 * without access to this page (rel="noopener noreferrer").
 * @returns safe HTML for dangerouslySetInnerHTML.
 */
export function sanitizeLessonHtml(html: string): string {
  // RETURN_DOM gives the <body> element holding the clean nodes.
  const body = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe"],
    FORBID_ATTR: ["style"],
    RETURN_DOM: true,
  }) as HTMLElement;
  for (const link of body.querySelectorAll("a[href]")) {
    const href = link.getAttribute("href") ?? "";
    if (/^https?:\/\//i.test(href)) {
      link.setAttribute("target", "_blank");
      link.setAttribute("rel", "noopener noreferrer");
    } else {
      link.removeAttribute("target");
    }
  }
  return body.innerHTML;
}

/** True when the HTML has nothing to read (no text and no image). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") === "";
}
