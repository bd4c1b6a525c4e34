/**
 * The origin an e-mailed link should open on (issue 15 "custom domains"): a person who signs up or
 * asks for a password reset on a school's verified custom domain gets links to that domain (their
 * session cookie is host-only, so a link to the app's own address would sign them in elsewhere).
 * `request`'s Origin header is used only when it is one of `trusted()` (the verified domains);
 * anything else — no request, no Origin, an unknown or unverified origin — keeps `appUrl`.
 * @param link an absolute URL on `appUrl` (e.g. better-auth's verification URL).
 * @returns the same URL with its origin replaced, or `link` unchanged.
 */
export async function linkOnRequestOrigin(
  link: string,
  request: Request | undefined,
  appUrl: string,
  trusted: (() => Promise<string[]>) | undefined,
): Promise<string> {
  const origin = request?.headers.get("origin");
  if (!origin || !trusted) return link;
  let url: URL;
  try {
    url = new URL(link);
    if (url.origin !== new URL(appUrl).origin || new URL(origin).origin !== origin) return link;
  } catch {
    return link;
  }
  if (origin === url.origin || !(await trusted()).includes(origin)) return link;
  const moved = new URL(`${url.pathname}${url.search}${url.hash}`, origin);
  return moved.toString();
}
