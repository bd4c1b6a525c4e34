import { linkifyText } from "@academy/shared";

/**
 * A message's plain text (issue 6 §5): rendered as text nodes (React escapes them), line breaks
 * kept, and http(s) links made clickable in a new tab without access to this page (noopener).
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">
      {linkifyText(text).map((part, i) =>
        part.type === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2 break-all"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
