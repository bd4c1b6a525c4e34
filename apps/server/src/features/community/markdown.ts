import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, breaks: true, async: false });

/**
 * Renders a community post's markdown to HTML and sanitises it (issue 13 §2 "markdown,
 * sanitised on the server"): raw HTML in the markdown is escaped first, the output keeps a small
 * set of formatting tags, links only to http(s) and mailto (opened in a new tab with
 * rel="noopener noreferrer nofollow"), no images, scripts, styles or event handlers.
 */
export function renderPostMarkdown(markdown: string): string {
  const escaped = markdown.replace(/</g, "&lt;");
  const html = marked.parse(escaped) as string;
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "hr",
      "h1",
      "h2",
      "h3",
      "h4",
      "strong",
      "b",
      "em",
      "i",
      "del",
      "s",
      "a",
      "ul",
      "ol",
      "li",
      "blockquote",
      "code",
      "pre",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
    ],
    allowedAttributes: { a: ["href", "title", "target", "rel"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }),
    },
  }).trim();
}
