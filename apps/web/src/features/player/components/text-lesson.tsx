import * as React from "react";
import { cn } from "@/lib/utils";
import { sanitizeLessonHtml } from "../lib/sanitize";

/**
 * Readable typography for lesson HTML (headings, paragraphs, lists, quotes, code, tables, images),
 * written with Tailwind's arbitrary variants so it needs no plugin.
 */
export const LESSON_PROSE = cn(
  "max-w-none text-base leading-7 text-foreground sm:text-[1.0625rem] sm:leading-8",
  "[&>*:first-child]:mt-0 [&>*:last-child]:mb-0",
  "[&_p]:my-4",
  "[&_h1]:mb-4 [&_h1]:mt-8 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:leading-tight",
  "[&_h2]:mb-3 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:leading-snug",
  "[&_h3]:mb-2 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold",
  "[&_h4]:mb-2 [&_h4]:mt-5 [&_h4]:font-semibold",
  "[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-[#3949ab]",
  "[&_strong]:font-semibold [&_em]:italic",
  "[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li>p]:my-1",
  "[&_blockquote]:my-5 [&_blockquote]:border-l-4 [&_blockquote]:border-accent-teal [&_blockquote]:bg-muted/50 [&_blockquote]:py-2 [&_blockquote]:pl-4 [&_blockquote]:pr-3 [&_blockquote]:text-muted-foreground",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em]",
  "[&_pre]:my-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
  "[&_hr]:my-8 [&_hr]:border-border",
  "[&_img]:my-5 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
  "[&_table]:my-5 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_td]:border [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_th]:border [&_th]:border-border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-2 [&_th]:text-left",
  "break-words",
);

/**
 * A text lesson: the HTML the server already sanitized, sanitized again here with DOMPurify before
 * it is put in the page (defence in depth).
 */
export function TextLesson({ html }: { html: string }) {
  const safe = React.useMemo(() => sanitizeLessonHtml(html), [html]);
  return (
    <div
      className={LESSON_PROSE}
      data-testid="lesson-text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and again by DOMPurify
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
