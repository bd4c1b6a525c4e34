/** The languages Academy writes in (UI, e-mails, server-rendered pages). */
export type StatedLocale = "en" | "vi";

/**
 * The language a request states (issue 17 §6): the web app's UI-language cookie (`academy_lang`),
 * else an Accept-Language whose first language is en or vi; null when it states neither.
 * @param headers the request's headers (absent for server-side calls).
 */
export function statedLocale(headers: Headers | undefined | null): StatedLocale | null {
  const cookie = headers?.get("cookie") ?? "";
  const match = /(?:^|;\s*)academy_lang=(en|vi)\b/.exec(cookie);
  if (match) return match[1] as StatedLocale;
  const accept = headers?.get("accept-language") ?? "";
  const first = /^\s*(en|vi)\b/i.exec(accept);
  return first ? (first[1].toLowerCase() as StatedLocale) : null;
}
