/**
 * The shared layout of every e-mail: HTML and plain text, in the recipient's language (en or vi),
 * the PLATFORM marker, the school's brand and the greeting helpers. Every value put into HTML is escaped.
 */

export type Locale = "en" | "vi";

export interface RenderedEmail {
  template: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Stands for the platform's name (Admin Panel Settings, issue 14; "Academy" by default) in every
 * template. Templates render synchronously; `Mailer.send` puts the stored name in (escaped in the
 * HTML) when it writes the message to the outbox — see `withPlatformName` and decision 0195.
 */
export const PLATFORM = "\uE000platform\uE001";

/**
 * The message with the platform's name in place of every PLATFORM marker: as is in the subject and
 * the text, HTML-escaped in the HTML. A marker typed into user content becomes the name too (harmless).
 */
export function withPlatformName<T extends { subject: string; html: string; text: string }>(
  message: T,
  name: string,
): T {
  if (!`${message.subject}${message.html}${message.text}`.includes(PLATFORM)) return message;
  return {
    ...message,
    subject: message.subject.replaceAll(PLATFORM, name),
    html: message.html.replaceAll(PLATFORM, escapeHtml(name)),
    text: message.text.replaceAll(PLATFORM, name),
  };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * A school's brand in an e-mail (issue 15): its name, its logo as an absolute URL (mail clients
 * cannot resolve /files/…) and its primary colour (#rrggbb) for the header and the button.
 */
export interface EmailBrand {
  name: string;
  logoUrl?: string | null;
  color?: string | null;
}

/**
 * An EmailBrand from a school row's fields; `logoUrl` made absolute on `appUrl`. null without a name.
 */
export function emailBrand(
  appUrl: string,
  school: { name: string | null; logoUrl?: string | null; color?: string | null } | null | undefined,
): EmailBrand | null {
  if (!school?.name) return null;
  const logo =
    school.logoUrl && /^\/files\/[A-Za-z0-9/_.-]+$/.test(school.logoUrl)
      ? `${appUrl}${school.logoUrl}`
      : null;
  return { name: school.name, logoUrl: logo, color: school.color };
}

const BRAND_BLUE = "#1A237E";
const safeColor = (c: string | null | undefined) => (c && /^#[0-9a-fA-F]{6}$/.test(c) ? c : BRAND_BLUE);

/** Wraps body HTML in a simple, mail-client-safe layout with a call-to-action button. */
function layout(opts: {
  locale: Locale;
  heading: string;
  paragraphs: string[];
  cta?: { label: string; url: string };
  footer: string;
  /** The school's name shown as the sender's brand; the platform's name when absent. */
  brand?: string | null;
  /** The school's logo and colour (issue 15); its name wins over `brand`. */
  school?: EmailBrand | null;
}): string {
  const color = safeColor(opts.school?.color);
  const brandName = opts.school?.name?.trim() || opts.brand?.trim() || PLATFORM;
  const logo = opts.school?.logoUrl
    ? `<img src="${escapeHtml(opts.school.logoUrl)}" alt="" width="40" height="40" style="width:40px;height:40px;object-fit:contain;border-radius:6px;vertical-align:middle;margin-right:10px">`
    : "";
  const cta = opts.cta
    ? `<p style="margin:28px 0"><a href="${escapeHtml(opts.cta.url)}" style="background:${color};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(opts.cta.label)}</a></p>
<p style="color:#64748b;font-size:13px">${opts.locale === "vi" ? "Nếu nút không hoạt động, hãy mở liên kết này:" : "If the button does not work, open this link:"}<br><a href="${escapeHtml(opts.cta.url)}" style="color:${color};word-break:break-all">${escapeHtml(opts.cta.url)}</a></p>`
    : "";
  return `<!doctype html><html lang="${opts.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(opts.heading)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Inter,Segoe UI,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
<div style="font-weight:700;font-size:20px;color:${color};margin-bottom:16px">${logo}${escapeHtml(brandName)}</div>
<div style="background:#ffffff;border-radius:12px;padding:28px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(opts.heading)}</h1>
${opts.paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join("\n")}
${cta}
</div>
<p style="color:#94a3b8;font-size:12px;margin-top:16px">${escapeHtml(opts.footer)}</p>
</div></body></html>`;
}

/** An e-mail of paragraphs and one call-to-action button, as HTML and as plain text. */
export function withCallToAction(m: {
  template: string;
  locale: Locale;
  subject: string;
  paragraphs: string[];
  label: string;
  url: string;
  footer: string;
  brand?: string | null;
  school?: EmailBrand | null;
}): RenderedEmail {
  const brandName = m.school?.name?.trim() || m.brand?.trim() || PLATFORM;
  return {
    template: m.template,
    subject: m.subject,
    html: layout({
      locale: m.locale,
      heading: m.subject,
      paragraphs: m.paragraphs,
      cta: { label: m.label, url: m.url },
      footer: m.footer,
      brand: m.brand,
      school: m.school,
    }),
    text: `${brandName}\n\n${m.paragraphs.join("\n\n")}\n\n${m.label}: ${m.url}\n\n${m.footer}\n`,
  };
}

/** The greeting line: "Hi Lan," / "Xin chào Lan,", or "Hi," / "Xin chào," without a name. */
export function greet(locale: Locale, name: string | null | undefined): string {
  if (locale === "vi") return name ? `Xin chào ${name},` : "Xin chào,";
  return name ? `Hi ${name},` : "Hi,";
}

/** A list of course titles for a sentence: "A", "A and B", "A, B and C" ("và" in Vietnamese). */
export function joinTitles(locale: Locale, titles: string[]): string {
  const quoted = titles.map((t) => `"${t}"`);
  if (quoted.length <= 1) return quoted.join("");
  const and = locale === "vi" ? " và " : " and ";
  return `${quoted.slice(0, -1).join(", ")}${and}${quoted.at(-1)}`;
}
