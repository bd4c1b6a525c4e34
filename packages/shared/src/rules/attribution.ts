/**
 * Where a buyer came from (issue 12 §3): the utm_source / utm_medium / utm_campaign of the /lp
 * visit, carried on the enrol link to /join (and through /auth) and stored on the enrolment and the
 * order. See docs/decisions/0184-utm-attribution.md.
 */

/** The three campaign parameters, in URL spelling. */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** A campaign's parameters; an absent key is unknown. */
export type Attribution = Partial<Record<UtmKey, string>>;

/** At most this many characters per parameter (longer values are dropped, not cut). */
export const UTM_MAX_LENGTH = 100;

/** Letters, digits, space and `_ - . + : / @ %` — what ad platforms put in campaign parameters. */
export const UTM_VALUE_RE = /^[\p{L}\p{N} _.+:/@%-]+$/u;

/**
 * One parameter value as stored: trimmed and lower-cased (sources and mediums compare without case:
 * "Facebook" = "facebook"); undefined when empty, longer than UTM_MAX_LENGTH or with other characters.
 */
export function cleanUtmValue(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const v = value.trim().toLowerCase();
  if (v === "" || v.length > UTM_MAX_LENGTH || !UTM_VALUE_RE.test(v)) return undefined;
  return v;
}

/** The valid campaign parameters of a query string (`URLSearchParams`), each cleaned by cleanUtmValue. */
export function attributionFromParams(params: { get(name: string): string | null }): Attribution {
  const out: Attribution = {};
  for (const key of UTM_KEYS) {
    const v = cleanUtmValue(params.get(key));
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** `&utm_source=…&utm_medium=…` (URL-encoded, in UTM_KEYS order) of the set parameters; "" when none. */
export function attributionQuery(a: Attribution): string {
  return UTM_KEYS.filter((k) => a[k] !== undefined)
    .map((k) => `&${k}=${encodeURIComponent(a[k] as string)}`)
    .join("");
}

/** The channel figures are grouped by: the utm_source, or "direct" when the visit had none. */
export const DIRECT_SOURCE = "direct";
