import { createHash } from "node:crypto";
import {
  courseStructuredData,
  LANDING_MESSAGES,
  methodOfferState,
  normalizeSection,
  PAYMENT_METHOD_FIELDS,
  type PaymentMethodType,
  publicRating,
  resolveSeo,
  resolveStyles,
  shownGuaranteeDays,
} from "@academy/shared";
import {
  esc,
  landingCss,
  landingLabels,
  type PublicPayment,
  type RenderCourse,
  type RenderLang,
  renderLandingBody,
  safeImageUrl,
} from "@academy/shared/render/landing-page";
import type { Db } from "../../db/client.ts";
import { platformName } from "../../lib/platform-name.ts";
import * as q from "./landing-pages.queries.ts";

/**
 * The public landing page /lp/{slug} (spec 001 §2 Public landing page, issue 7 §8): the whole page
 * rendered on the server with the shared renderer, SEO tags in <head>, and one small script
 * (LANDING_SCRIPT) for consent-gated analytics, view counting and the enrol click.
 */

/**
 * The page's script (served at LANDING_SCRIPT_PATH, a few KB, no framework): records a view once per
 * load (POST /api/public/landing-pages/{slug}/events, device type by the 768 px rule), records a
 * conversion on an enrol click and then goes to /join/{courseId} even when recording fails (at most
 * 1.5 s), and loads Google Analytics, Facebook Pixel and Google Tag Manager only after consent
 * (or at once when the page turns cookie consent off). Owner previews record nothing.
 * Issue 12 §3: the visit's utm_source / utm_medium / utm_campaign (cleaned as `cleanUtmValue` does)
 * go with the view and the conversion, and are appended to the enrol link; without a utm_source,
 * an external referrer's channel (facebook, zalo, tiktok, google, other) is carried as utm_source.
 */
export const LANDING_SCRIPT = `(function(){"use strict";
var b=document.body,slug=b.getAttribute("data-slug"),preview=b.hasAttribute("data-preview");
var cfg={};try{cfg=JSON.parse(b.getAttribute("data-analytics")||"{}")}catch(e){}
function vid(){try{var v=localStorage.getItem("lp_vid");if(!v){v=Math.random().toString(36).slice(2)+Date.now().toString(36);localStorage.setItem("lp_vid",v)}return v}catch(e){return "anonymous"}}
function send(type,extra){if(preview||!slug)return Promise.resolve();
var body=JSON.stringify({eventType:type,visitorId:vid(),deviceType:window.innerWidth<768?"mobile":"desktop",referrer:document.referrer||"",eventData:extra||{}});
try{return fetch("/api/public/landing-pages/"+encodeURIComponent(slug)+"/events",{method:"POST",headers:{"content-type":"application/json"},body:body,keepalive:true,credentials:"omit"}).catch(function(){})}catch(e){return Promise.resolve()}}
var U=["utm_source","utm_medium","utm_campaign"],utm={},carry={};
try{var sp=new URLSearchParams(location.search);U.forEach(function(k){var v=(sp.get(k)||"").trim().toLowerCase();if(v&&v.length<=100&&/^[\\p{L}\\p{N} _.+:\\/@%-]+$/u.test(v)){utm[k]=v;carry[k]=v}})}catch(e){}
if(!carry.utm_source){var rh="";try{rh=document.referrer?new URL(document.referrer).host:""}catch(e){}if(rh&&rh!==location.host)carry.utm_source=/(facebook|fb)\\./i.test(rh)?"facebook":/zalo/i.test(rh)?"zalo":/tiktok/i.test(rh)?"tiktok":/google\\./i.test(rh)?"google":"other"}
send("view",utm);
document.addEventListener("click",function(ev){var a=ev.target&&ev.target.closest?ev.target.closest("a[data-enrol]"):null;if(!a||preview)return;
if(ev.button!==0||ev.metaKey||ev.ctrlKey||ev.shiftKey||ev.altKey)return;ev.preventDefault();var href=a.getAttribute("href"),done=false;
try{var ref=new URLSearchParams(location.search).get("ref");if(ref&&/^[A-Za-z0-9_-]{3,32}$/.test(ref))href+=(href.indexOf("?")<0?"?":"&")+"ref="+encodeURIComponent(ref)}catch(e){}
U.forEach(function(k){if(carry[k])href+=(href.indexOf("?")<0?"?":"&")+k+"="+encodeURIComponent(carry[k])});var cd={source:a.closest("section")?a.closest("section").id||"":""};U.forEach(function(k){if(utm[k])cd[k]=utm[k]});
function go(){if(!done){done=true;location.href=href}}setTimeout(go,1500);send("conversion",cd).then(go,go)});
function load(src){var s=document.createElement("script");s.async=true;s.src=src;document.head.appendChild(s)}
function analytics(){
if(cfg.ga){window.dataLayer=window.dataLayer||[];window.gtag=function(){window.dataLayer.push(arguments)};window.gtag("js",new Date());window.gtag("config",cfg.ga);load("https://www.googletagmanager.com/gtag/js?id="+encodeURIComponent(cfg.ga))}
if(cfg.gtm){window.dataLayer=window.dataLayer||[];window.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});load("https://www.googletagmanager.com/gtm.js?id="+encodeURIComponent(cfg.gtm))}
if(cfg.fb){var n=window.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!window._fbq)window._fbq=n;n.push=n;n.loaded=true;n.version="2.0";n.queue=[];load("https://connect.facebook.net/en_US/fbevents.js");window.fbq("init",cfg.fb);window.fbq("track","PageView")}}
if(preview||!(cfg.ga||cfg.gtm||cfg.fb))return;
if(!cfg.consent){analytics();return}
var key="lp_consent",saved=null;try{saved=localStorage.getItem(key)}catch(e){}
if(saved==="yes"){analytics();return}if(saved==="no")return;
var bar=document.getElementById("lp-consent");if(!bar)return;bar.hidden=false;
bar.addEventListener("click",function(ev){var t=ev.target;if(!t||t.tagName!=="BUTTON")return;var yes=t.hasAttribute("data-accept");
try{localStorage.setItem(key,yes?"yes":"no")}catch(e){}bar.hidden=true;if(yes)analytics()})})();
`;

const SCRIPT_HASH = createHash("sha256").update(LANDING_SCRIPT).digest("hex").slice(0, 12);
/** Where the page's script is served (immutable: the name carries its hash). */
export const LANDING_SCRIPT_PATH = `/lp-assets/landing-${SCRIPT_HASH}.js`;

/** Content-Security-Policy of /lp pages: the app's own, plus the analytics hosts a page may load after consent. */
export const LANDING_CSP: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'", "https://www.googletagmanager.com", "https://connect.facebook.net"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "https:"],
  "font-src": ["'self'", "data:"],
  "connect-src": [
    "'self'",
    "https://www.google-analytics.com",
    "https://*.google-analytics.com",
    "https://www.googletagmanager.com",
    "https://www.facebook.com",
  ],
  "frame-src": ["https://www.googletagmanager.com"],
  "frame-ancestors": ["'none'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
};

function absolute(appUrl: string, url: string): string {
  return url.startsWith("/") ? `${appUrl}${url}` : url;
}

/**
 * The ways to pay the public page lists (issue 23 §6): enabled methods that are complete and can take
 * the course's price, in display order, as their type only. No QR, account or transfer note: those
 * are shown at checkout for the buyer's own order. A method with secrets counts them as stored when
 * it has any sealed secret data (the save refuses an enabled method without them).
 */
async function publicPayments(db: Db, pageId: string, course: RenderCourse | null): Promise<PublicPayment[]> {
  const rows = await q.listPaymentMethods(db, pageId);
  return rows
    .filter((row) => {
      const type = row.method_type as PaymentMethodType;
      const hasSecrets = PAYMENT_METHOD_FIELDS[type].some((f) => f.secret);
      if (hasSecrets && !row.secret_data) return false;
      const state = methodOfferState(
        {
          methodType: type,
          isEnabled: row.is_enabled,
          configuration: (row.configuration ?? {}) as Record<string, string>,
        },
        "assume",
        course,
      );
      return state === "ok";
    })
    .map((row) => ({ type: row.method_type as PaymentMethodType }));
}

/** The result of rendering /lp/{slug}: the HTML and whether it may be cached (published, not a preview). */
export interface RenderedLandingPage {
  status: 200 | 404;
  html: string;
  cacheable: boolean;
}

/**
 * Renders /lp/{slug}. Published pages for everyone; an unpublished page only with preview=1 for its
 * signed-in owner (DESIGN.md §5); anything else is the 'Page Not Found' page (404).
 * A section whose stored content is invalid (saved before issue 16 item 12) or fails to render is
 * left out and reported to `options.log` (one warning per section and render); the page still
 * answers 200.
 * @param viewer the signed-in user's id when preview=1 was asked for, else null.
 */
export async function renderPublicLandingPage(
  db: Db,
  appUrl: string,
  slug: string,
  options: {
    preview: boolean;
    viewerId: string | null;
    visitorLang?: RenderLang | null;
    log?: (fields: Record<string, unknown>, message: string) => void;
  },
): Promise<RenderedLandingPage> {
  const page = await q.findPageBySlug(db, slug);
  const ownerPreview = Boolean(page && options.preview && options.viewerId === page.creator_id);
  if (!page || (!page.is_published && !ownerPreview)) {
    // issue 17 §6: in the visitor's language (UI cookie or Accept-Language), else the page's when
    // the page exists, else English (the spec's text).
    const pageLang = page ? (resolveSeo(page.seo_data).language === "vi-VN" ? "vi" : "en") : null;
    return { status: 404, html: notFoundHtml(options.visitorLang ?? pageLang ?? "en"), cacheable: false };
  }

  const seo = resolveSeo(page.seo_data);
  const styles = resolveStyles(page.style_data);
  const lang: RenderLang = seo.language === "vi-VN" ? "vi" : "en";
  const courseRow = page.course_id ? await q.findCourseForPage(db, page.course_id) : undefined;
  const course: RenderCourse | null = courseRow
    ? {
        id: courseRow.id,
        title: courseRow.title,
        description: courseRow.description,
        price: courseRow.price,
        currency: courseRow.currency,
        enrollmentCount: courseRow.enrollmentCount,
        estimatedDuration: courseRow.estimatedDuration,
        rating: publicRating(courseRow.rating, courseRow.ratingCount),
        guaranteeDays: shownGuaranteeDays(courseRow.price, courseRow.guaranteeDays),
      }
    : null;
  const [lessons, profile, payments, school] = await Promise.all([
    course ? q.listLessons(db, course.id) : Promise.resolve([]),
    q.findInstructor(db, page.creator_id),
    publicPayments(db, page.id, course),
    q.findSchoolOfCreator(db, page.creator_id),
  ]);
  const content = (page.content_data ?? {}) as { sections?: unknown };
  const sections = Array.isArray(content.sections) ? content.sections.map(normalizeSection) : [];
  const body = renderLandingBody({
    title: page.title,
    description: page.description,
    sections,
    styles,
    course,
    lessons,
    instructor: profile
      ? { fullName: profile.fullName || profile.email, avatarUrl: profile.avatarUrl, bio: profile.bio }
      : null,
    payments,
    lang,
    // ?lp= carries the page to /join so the order takes this page's payment methods (issue 11 §2).
    enrolHref: course ? `/join/${course.id}?lp=${encodeURIComponent(page.slug)}` : null,
    // The school's bar: its logo and name, back to its school page (issue 24 §6, ux N9).
    school: school ? { name: school.name, logoUrl: school.logoUrl, href: `/s/${school.slug}` } : null,
    mode: "public",
    onSectionError: (section, index, problem) =>
      options.log?.(
        {
          slug: page.slug,
          pageId: page.id,
          sectionId: section.id,
          sectionType: section.type,
          index,
          problem,
        },
        "landing page section left out: invalid content",
      ),
  });

  const url = `${appUrl}/lp/${page.slug}`;
  const title = seo.metaTitle || page.title;
  const description = seo.metaDescription || page.description;
  const ogImage = safeImageUrl(seo.ogImage) || safeImageUrl(courseRow?.thumbnailUrl);
  const meta = (attr: string, key: string, value: string) =>
    value ? `<meta ${attr}="${key}" content="${esc(value)}">` : "";
  const jsonLd =
    seo.structuredData && course
      ? courseStructuredData({
          name: course.title,
          description: course.description || description,
          url,
          providerName: profile?.fullName || (await platformName(db)),
          price: course.price,
          currency: course.currency,
          image: ogImage ? absolute(appUrl, ogImage) : undefined,
          language: seo.language,
          rating: course.rating,
        })
      : undefined;
  const head = [
    `<title>${esc(title)}</title>`,
    meta("name", "description", description),
    meta("name", "keywords", seo.keywords.join(", ")),
    meta("name", "robots", ownerPreview && !page.is_published ? "noindex,nofollow" : seo.robots),
    `<link rel="canonical" href="${esc(seo.canonicalUrl || url)}">`,
    meta("property", "og:type", "website"),
    meta("property", "og:title", seo.ogTitle || title),
    meta("property", "og:description", seo.ogDescription || description),
    meta("property", "og:url", url),
    meta("property", "og:image", ogImage ? absolute(appUrl, ogImage) : ""),
    meta("property", "og:locale", seo.language.replace("-", "_")),
    meta("name", "twitter:card", ogImage ? "summary_large_image" : "summary"),
    meta("name", "geo.region", seo.region),
    meta("name", "theme-color", styles.primaryColor),
    jsonLd
      ? `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, "\\u003c")}</script>`
      : "",
  ]
    .filter(Boolean)
    .join("");
  const a = seo.analytics;
  const analytics = JSON.stringify({
    ga: a.googleAnalytics,
    fb: a.facebookPixel,
    gtm: a.googleTagManager,
    consent: a.cookieConsent,
  });
  const L = landingLabels(lang);
  const consentBar =
    a.googleAnalytics || a.facebookPixel || a.googleTagManager
      ? `<div class="lp-consent" id="lp-consent" role="region" aria-label="Cookies" hidden><p>${esc(L.consent)}</p><button type="button" class="lp-accept" data-accept>${esc(L.accept)}</button><button type="button" class="lp-decline">${esc(L.decline)}</button></div>`
      : "";
  // "Report this page" (issue 14): the web app's /report page asks for a reason (sign-in first).
  const reportHref = `/report?type=landing_page&id=${encodeURIComponent(page.id)}&back=${encodeURIComponent(`/lp/${page.slug}`)}`;
  const reportLink = ownerPreview
    ? ""
    : `<p class="lp-report" style="margin:0;padding:16px;text-align:center;font-size:13px;opacity:.75"><a href="${esc(reportHref)}" rel="nofollow" style="color:inherit">${esc(lang === "vi" ? "Báo cáo trang này" : "Report this page")}</a></p>`;
  const html = `<!doctype html><html lang="${esc(seo.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}<style>${landingCss(
    styles,
  )}</style><script src="${LANDING_SCRIPT_PATH}" defer></script></head><body data-slug="${esc(page.slug)}" data-analytics="${esc(analytics)}"${
    ownerPreview ? " data-preview" : ""
  }>${body}${reportLink}${consentBar}</body></html>`;
  return { status: 200, html, cacheable: !options.preview };
}

const NOT_FOUND_TEXT: Record<RenderLang, { title: string; body: string; home: string }> = {
  en: {
    title: LANDING_MESSAGES.notFound,
    body: "The page you are looking for does not exist or is not published.",
    home: "Go to the home page",
  },
  vi: {
    title: "Không tìm thấy trang",
    body: "Trang bạn đang tìm không tồn tại hoặc chưa được xuất bản.",
    home: "Về trang chủ",
  },
};

/**
 * The 'Page Not Found' page (spec 001 §8), standalone, without JavaScript, in `lang` (issue 17 §6:
 * the page's language, else the visitor's; English is the spec's text).
 */
export function notFoundHtml(lang: RenderLang = "en"): string {
  const text = NOT_FOUND_TEXT[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${text.title}</title><style>body{margin:0;font-family:system-ui,sans-serif;display:flex;min-height:100vh;align-items:center;justify-content:center;background:#f6f7fb;color:#1c1f2a;text-align:center}main{padding:0 1.5rem}a{color:#1A237E}</style></head><body><main><h1>${text.title}</h1><p>${text.body}</p><p><a href="/">${text.home}</a></p></main></body></html>`;
}

/**
 * Rendered published pages held in memory for a few seconds (decision 0071): dropped at once when
 * this server saves, publishes or deletes the page, and after `ttlMs` so other instances' changes
 * show up. An expired entry is kept as the page's last good render (`stale`), served only while
 * the database is unreachable (issue 25 item 5, finding #18). At most `max` pages, least recently
 * used dropped first.
 */
export class LandingPageCache {
  private readonly entries = new Map<
    string,
    { html: string; etag: string; expires: number; headers: Record<string, string> }
  >();
  /**
   * @param baseHeaders headers every cached answer carries (the /lp security headers), so a cache
   *   hit can be answered before the app's other middleware runs.
   */
  constructor(
    private readonly baseHeaders: Array<[string, string]> = [],
    private readonly ttlMs = 10_000,
    private readonly max = 500,
  ) {}
  /** The fresh entry of `slug` (younger than ttlMs), or undefined. */
  get(slug: string) {
    const entry = this.entries.get(slug);
    if (!entry || entry.expires < Date.now()) return undefined;
    this.entries.delete(slug); // least recently used last
    this.entries.set(slug, entry);
    return entry;
  }
  /** The last good render of `slug`, however old (for a database outage), or undefined. */
  stale(slug: string) {
    return this.entries.get(slug);
  }
  set(slug: string, html: string) {
    this.entries.delete(slug);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    const etag = `"${createHash("sha1").update(html).digest("base64url")}"`;
    const headers: Record<string, string> = Object.fromEntries(this.baseHeaders);
    headers["Content-Type"] = "text/html; charset=utf-8";
    headers["Cache-Control"] = "no-cache";
    headers.ETag = etag;
    const entry = { html, etag, expires: Date.now() + this.ttlMs, headers };
    this.entries.set(slug, entry);
    return entry;
  }
  invalidate(slug: string) {
    this.entries.delete(slug);
  }
}
