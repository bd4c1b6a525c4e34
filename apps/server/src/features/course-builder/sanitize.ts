import sanitizeHtml from "sanitize-html";

/**
 * Sanitizes the rich text of a text lesson (issue 3: "stored and rendered safely"): a small set
 * of formatting tags, links only to http(s) and mailto (opened with rel="noopener noreferrer"),
 * images only from Academy's own /files/ or https. Scripts, styles, event handlers and other
 * URLs are removed.
 */
export function sanitizeLessonHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "hr",
      "h2",
      "h3",
      "h4",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "s",
      "a",
      "ul",
      "ol",
      "li",
      "blockquote",
      "code",
      "pre",
      "img",
      "span",
    ],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "title", "width", "height"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["https"] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, rel: "noopener noreferrer", target: "_blank" },
      }),
    },
    exclusiveFilter: (frame) =>
      frame.tag === "img" && !/^(https:\/\/|\/files\/)/.test(frame.attribs.src ?? ""),
  });
}

const YOUTUBE =
  /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{11})/;
const VIMEO = /^https:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d+)/;

/**
 * Classifies a lesson video address: an uploaded file (/files/…), a YouTube or a Vimeo link.
 * @returns the source and a normalized URL, or undefined for anything else.
 */
export function classifyVideoUrl(
  url: string,
): { source: "upload" | "youtube" | "vimeo"; url: string } | undefined {
  const trimmed = url.trim();
  if (/^\/files\/[\w./-]+$/.test(trimmed) && !trimmed.includes(".."))
    return { source: "upload", url: trimmed };
  const yt = YOUTUBE.exec(trimmed);
  if (yt) return { source: "youtube", url: `https://www.youtube.com/watch?v=${yt[1]}` };
  const vimeo = VIMEO.exec(trimmed);
  if (vimeo) return { source: "vimeo", url: `https://vimeo.com/${vimeo[1]}` };
  return undefined;
}
