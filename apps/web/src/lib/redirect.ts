/** A same-site path to return to after sign-in; anything else (absolute or protocol-relative URLs) becomes `fallback`. */
export function safeRedirect(value: string | null | undefined, fallback = "/dashboard"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
