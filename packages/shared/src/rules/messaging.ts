/**
 * Pure messaging rules (issue 6, spec 000 §4): merging messages without duplicates in created_at order, and splitting text into plain parts and safe links.
 */

interface Ordered {
  id: string;
  createdAt: string;
}

/**
 * Adds `incoming` messages to `existing`, keeping each id once and the list ordered by createdAt,
 * oldest first (000 §4), ties by id. Returns `existing` itself when nothing new was added.
 */
export function mergeMessages<T extends Ordered>(existing: readonly T[], incoming: readonly T[]): T[] {
  const seen = new Set(existing.map((m) => m.id));
  const fresh = incoming.filter((m) => {
    if (seen.has(m.id)) return false;
    seen.add(m.id);
    return true;
  });
  if (fresh.length === 0) return existing as T[];
  return [...existing, ...fresh].sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
  );
}

export type TextPart = { type: "text"; text: string } | { type: "link"; text: string; href: string };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Splits plain message text into text and link parts (issue 6: "links made clickable safely").
 * Only http(s) links (and www. → https://) become links; trailing punctuation stays text.
 * The caller renders parts as text nodes, never as HTML.
 */
export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    let raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? "";
    raw = raw.slice(0, raw.length - trailing.length);
    if (!raw) continue;
    const href = raw.toLowerCase().startsWith("www.") ? `https://${raw}` : raw;
    // A host is required after the scheme (no "https://" alone); the pattern admits no spaces, quotes or brackets.
    const valid = /^(?:https?:\/\/|www\.)[^/?#\s]+/i.test(raw) && !/^https?:\/\/$/i.test(raw);
    if (!valid) continue;
    if (start > last) parts.push({ type: "text", text: text.slice(last, start) });
    parts.push({ type: "link", text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ type: "text", text: text.slice(last) });
  return parts;
}

/** The total for a badge: the number itself up to 99, then "99+". */
export function unreadBadgeLabel(count: number): string {
  return count > 99 ? "99+" : String(Math.max(0, Math.floor(count)));
}

/** Longest message accepted, in characters after trimming (issue 6). */
export const MESSAGE_MAX_LENGTH = 5000;
/** Messages one user may send per rate-limit window (issue 6; MESSAGE_RATE_LIMIT_MAX overrides it). */
export const MESSAGE_RATE_LIMIT_DEFAULT = 30;
/** The rate-limit window in seconds. */
export const MESSAGE_RATE_LIMIT_WINDOW_SECONDS = 60;
/** Largest page of messages or conversations one request returns. */
export const MESSAGING_PAGE_MAX = 100;
