import { escapeHtml } from "../email/templates.ts";

/**
 * The <head> of a server-rendered public page (the SPA's index.html with the page's own tags), so
 * links shared on Zalo or Facebook preview properly and search engines see the text without
 * JavaScript. `image` and `url` are absolute URLs; `jsonLd` is serialized safely.
 */
export interface PageHead {
  title: string;
  description?: string;
  image?: string | null;
  url?: string;
  type?: "website" | "article" | "product";
  robots?: string;
  canonical?: string;
  locale?: string;
  jsonLd?: unknown;
  /** HTTP status of the page (default 200); 404 for a public page that no longer exists. */
  status?: 200 | 404;
}

/** The tags of a PageHead, every value escaped. */
export function renderHeadTags(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  const meta = (attr: "name" | "property", key: string, value: string | null | undefined) => {
    if (value) tags.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}" />`);
  };
  meta("name", "description", head.description);
  meta("name", "robots", head.robots);
  meta("property", "og:title", head.title);
  meta("property", "og:description", head.description);
  meta("property", "og:type", head.type ?? "website");
  meta("property", "og:url", head.url);
  meta("property", "og:image", head.image);
  meta("property", "og:locale", head.locale);
  meta("name", "twitter:card", head.image ? "summary_large_image" : "summary");
  meta("name", "twitter:title", head.title);
  meta("name", "twitter:description", head.description);
  meta("name", "twitter:image", head.image);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  if (head.jsonLd !== undefined) {
    // </script> and <!-- cannot appear inside the JSON: "<" is escaped as \u003c.
    tags.push(
      `<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, "\\u003c")}</script>`,
    );
  }
  return tags.join("\n    ");
}

/**
 * index.html with its <title> and description replaced by the page's head tags.
 * The tags are inserted by a replacer function, never as a replacement string: a title holding
 * `$&`, `` $` `` or `$'` would otherwise splice parts of the page into the head (issue 16 item 11).
 * @param indexHtml the built SPA shell.
 */
export function injectHead(indexHtml: string, head: PageHead): string {
  const tags = renderHeadTags(head);
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, "")
    .replace(/<meta\s+name="description"[^>]*>/i, "")
    .replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

/** A resolver for the public pages whose head the server renders: path → head, or undefined. */
export type HeadResolver = (path: string) => Promise<PageHead | undefined>;
