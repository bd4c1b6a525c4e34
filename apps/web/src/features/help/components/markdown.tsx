import DOMPurify from "dompurify";
import { marked } from "marked";
import * as React from "react";

/** Renders a guide's markdown as sanitised HTML (marked, then DOMPurify). */
export function Markdown({ source }: { source: string }) {
  const html = React.useMemo(() => DOMPurify.sanitize(marked.parse(source, { async: false })), [source]);
  return (
    <div
      className="prose-sm max-w-none space-y-2 [&_h2]:mt-3 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
