import {
  aggregateRatingLd,
  DEFAULT_SCHOOL_COLORS,
  foldSearch,
  publicRating,
  type SCHOOL_FONTS,
} from "@academy/shared";
import { esc, formatPrice, safeImageUrl } from "@academy/shared/render/landing-page";
import type { Db } from "../../db/client.ts";
import * as q from "./schools.queries.ts";

/**
 * The public school page /s/{slug} (issue 15 §2): rendered whole on the server like /lp (no SPA,
 * no script): the school's brand, about, the instructor, and its published courses with price,
 * a search (a GET form, filtered on the server) and pages of SCHOOL_PAGE_SIZE courses. <head>
 * carries title, description, Open Graph, canonical and JSON-LD EducationalOrganization with the
 * courses of the page.
 */

export type SchoolPageLang = "en" | "vi";
/** Courses per page of the school page. */
export const SCHOOL_PAGE_SIZE = 24;

const LABELS = {
  en: {
    courses: "Courses",
    search: "Search courses",
    searchButton: "Search",
    about: "About",
    instructor: "Your instructor",
    lessons: (n: number) => `${n} ${n === 1 ? "lesson" : "lessons"}`,
    hours: (n: number) => `${n} h`,
    students: (n: number) => `${n} ${n === 1 ? "student" : "students"}`,
    rating: (average: number, n: number) =>
      `★ ${average.toFixed(1)} (${n} ${n === 1 ? "review" : "reviews"})`,
    free: "Free",
    none: "No published courses yet.",
    noMatch: (s: string) => `No course matches “${s}”.`,
    prev: "Previous",
    next: "Next",
    page: (p: number, n: number) => `Page ${p} of ${n}`,
    contact: "Contact",
    view: "View course",
    clear: "Show all courses",
  },
  vi: {
    courses: "Khóa học",
    search: "Tìm khóa học",
    searchButton: "Tìm",
    about: "Giới thiệu",
    instructor: "Giảng viên",
    lessons: (n: number) => `${n} bài học`,
    hours: (n: number) => `${n} giờ`,
    students: (n: number) => `${n} học viên`,
    rating: (average: number, n: number) => `★ ${average.toFixed(1).replace(".", ",")} (${n} đánh giá)`,
    free: "Miễn phí",
    none: "Chưa có khóa học nào được xuất bản.",
    noMatch: (s: string) => `Không có khóa học nào khớp với “${s}”.`,
    prev: "Trang trước",
    next: "Trang sau",
    page: (p: number, n: number) => `Trang ${p} / ${n}`,
    contact: "Liên hệ",
    view: "Xem khóa học",
    clear: "Xem tất cả khóa học",
  },
} as const;

const SOCIAL_LABELS: Record<string, string> = {
  facebook: "Facebook",
  zalo: "Zalo",
  tiktok: "TikTok",
  youtube: "YouTube",
};

const FONT_STACKS: Record<(typeof SCHOOL_FONTS)[number], string> = {
  Inter: "Inter,system-ui,-apple-system,Segoe UI,Roboto,sans-serif",
  Arial: "Arial,Helvetica,sans-serif",
  Georgia: "Georgia,'Times New Roman',serif",
};

const colour = (v: string | null | undefined, fallback: string) =>
  v && /^#[0-9a-fA-F]{6}$/.test(v) ? v : fallback;

function css(primary: string, accent: string, font: string): string {
  return `*{box-sizing:border-box}body{margin:0;font-family:${font};color:#1c1f2a;background:#f6f7fb;line-height:1.5}
a{color:${primary}}img{max-width:100%}
.s-top{background:${primary};color:#fff}.s-wrap{max-width:1120px;margin:0 auto;padding:0 20px}
.s-bar{display:flex;align-items:center;gap:12px;padding:14px 0;flex-wrap:wrap}.s-bar img{height:40px;width:auto;border-radius:6px;background:#fff}
.s-name{font-size:20px;font-weight:700;margin:0;color:#fff;text-decoration:none;overflow-wrap:anywhere}.s-social{margin-left:auto;display:flex;gap:10px;flex-wrap:wrap}
.s-social a{color:#fff;font-size:14px;opacity:.9}.s-hero{padding:28px 0 36px}.s-hero h1{font-size:clamp(26px,5vw,40px);margin:0 0 10px;overflow-wrap:anywhere}
.s-hero p{margin:0;max-width:720px;opacity:.92;white-space:pre-line;overflow-wrap:anywhere}
.s-search{display:flex;gap:8px;margin:24px 0 8px;max-width:560px}.s-search input{flex:1;min-width:0;padding:10px 12px;border:1px solid #cfd3dc;border-radius:8px;font:inherit}
.s-search button{padding:10px 16px;border:0;border-radius:8px;background:${accent};color:#fff;font:inherit;font-weight:600;cursor:pointer}
h2{font-size:22px;margin:28px 0 12px}.s-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:16px;list-style:none;padding:0;margin:0}
.s-card{background:#fff;border-radius:12px;overflow:hidden;border:1px solid #e4e7ee;display:flex;flex-direction:column}
.s-thumb{aspect-ratio:16/9;background:${primary}1a;display:block;object-fit:cover;width:100%}
.s-body{padding:14px;display:flex;flex-direction:column;gap:6px;flex:1}.s-body h3{font-size:17px;margin:0;overflow-wrap:anywhere}
.s-body p{margin:0;color:#5f6675;font-size:14px;overflow-wrap:anywhere}.s-meta{font-size:13px;color:#5f6675}
.s-foot{display:flex;align-items:center;justify-content:space-between;margin-top:auto;padding-top:8px}.s-price{font-weight:700;color:${primary}}
.s-link{background:${primary};color:#fff;border-radius:8px;padding:8px 12px;text-decoration:none;font-size:14px;font-weight:600}
.s-pages{display:flex;gap:12px;align-items:center;justify-content:center;margin:24px 0}.s-empty{background:#fff;border-radius:12px;padding:24px;text-align:center;color:#5f6675}
.s-inst{display:flex;gap:16px;align-items:flex-start;background:#fff;border-radius:12px;padding:18px;border:1px solid #e4e7ee}
.s-inst img{width:72px;height:72px;border-radius:50%;object-fit:cover}.s-inst h3{margin:0 0 4px}.s-inst p{margin:0;white-space:pre-line;overflow-wrap:anywhere}
footer{margin-top:40px;padding:24px 0;border-top:1px solid #e4e7ee;color:#5f6675;font-size:14px}`;
}

/** The rendered page and its status (404 for an unknown or inactive school). */
export interface RenderedSchoolPage {
  status: 200 | 404;
  html: string;
}

/**
 * Renders /s/{slug} (or `/` on the school's verified domain).
 * @param baseUrl absolute origin the page is served on (APP_URL, or https://{custom domain}).
 * @param pagePath the page's own path on that origin ("/s/{slug}" or "/").
 * @param search the `q` query (accent-insensitive), page 1-based.
 */
export async function renderSchoolPage(
  db: Db,
  school: q.SchoolRow,
  options: { baseUrl: string; pagePath: string; lang: SchoolPageLang; search: string; page: number },
): Promise<RenderedSchoolPage> {
  const L = LABELS[options.lang];
  const [all, instructor] = await Promise.all([
    q.listPublishedCourses(db, school.creator_id),
    q.findInstructor(db, school.creator_id),
  ]);
  const search = options.search.trim().slice(0, 100);
  const folded = search ? foldSearch(search) : "";
  const matching = folded ? all.filter((c) => (c.titleFold ?? "").includes(folded)) : all;
  const pages = Math.max(1, Math.ceil(matching.length / SCHOOL_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page), pages);
  const shown = matching.slice((page - 1) * SCHOOL_PAGE_SIZE, page * SCHOOL_PAGE_SIZE);
  const primary = colour(school.primary_color, DEFAULT_SCHOOL_COLORS.primary);
  const accent = colour(school.accent_color, DEFAULT_SCHOOL_COLORS.accent);
  const font = FONT_STACKS[(school.font as keyof typeof FONT_STACKS) ?? "Inter"] ?? FONT_STACKS.Inter;
  const url = `${options.baseUrl}${options.pagePath}`;
  const abs = (u: string) => (u.startsWith("/") ? `${options.baseUrl}${u}` : u);
  const logo = safeImageUrl(school.logo_url);
  const favicon = safeImageUrl(school.favicon_url);
  const description = (school.description ?? "").trim() || `${school.name}`;
  const links = Object.entries((school.social_links ?? {}) as Record<string, string>).filter(
    ([k, v]) => SOCIAL_LABELS[k] && /^https:\/\//.test(v),
  );

  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "EducationalOrganization",
    name: school.name,
    url,
    description,
    ...(logo ? { logo: abs(logo) } : {}),
    ...(school.support_email ? { email: school.support_email } : {}),
    ...(links.length ? { sameAs: links.map(([, v]) => v) } : {}),
    hasCourse: shown.map((c) => {
      const rating = publicRating(c.rating, c.ratingCount);
      return {
        "@type": "Course",
        name: c.title,
        description: c.shortDescription || c.description || c.title,
        url: `${options.baseUrl}/join/${c.id}`,
        provider: { "@type": "Organization", name: school.name },
        offers: {
          "@type": "Offer",
          price: c.price,
          priceCurrency: c.currency,
          category: c.price > 0 ? "Paid" : "Free",
        },
        ...(rating ? { aggregateRating: aggregateRatingLd(rating) } : {}),
      };
    }),
  };
  const meta = (attr: string, key: string, value: string) =>
    value ? `<meta ${attr}="${key}" content="${esc(value)}">` : "";
  const canonical = page > 1 || search ? url : url;
  const head = [
    `<title>${esc(school.name)}</title>`,
    meta("name", "description", description.slice(0, 300)),
    `<link rel="canonical" href="${esc(canonical)}">`,
    favicon ? `<link rel="icon" type="image/png" href="${esc(favicon)}">` : "",
    meta("property", "og:type", "website"),
    meta("property", "og:title", school.name),
    meta("property", "og:description", description.slice(0, 300)),
    meta("property", "og:url", url),
    meta("property", "og:image", logo ? abs(logo) : ""),
    meta("property", "og:locale", options.lang === "vi" ? "vi_VN" : "en_US"),
    meta("name", "twitter:card", "summary"),
    meta("name", "theme-color", primary),
    search ? meta("name", "robots", "noindex,follow") : "",
    `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, "\\u003c")}</script>`,
  ].join("");

  const card = (c: (typeof shown)[number]) => {
    const thumb = safeImageUrl(c.thumbnailUrl);
    const hours = Math.round(c.estimatedDuration / 60);
    const rating = publicRating(c.rating, c.ratingCount);
    const meta = [
      L.lessons(c.totalLessons),
      hours > 0 ? L.hours(hours) : "",
      L.students(c.enrollmentCount),
      rating ? L.rating(rating.average, rating.count) : "",
    ]
      .filter(Boolean)
      .join(" · ");
    const price = c.price > 0 ? formatPrice(c.price, c.currency, options.lang) : L.free;
    return `<li class="s-card">${thumb ? `<img class="s-thumb" src="${esc(thumb)}" alt="" loading="lazy">` : `<span class="s-thumb"></span>`}<div class="s-body"><h3>${esc(c.title)}</h3>${
      c.shortDescription || c.description
        ? `<p>${esc((c.shortDescription || c.description || "").slice(0, 160))}</p>`
        : ""
    }<span class="s-meta">${esc(meta)}</span><div class="s-foot"><span class="s-price">${esc(price)}</span><a class="s-link" href="/join/${esc(c.id)}" aria-label="${esc(`${L.view}: ${c.title}`)}">${esc(L.view)}</a></div></div></li>`;
  };
  const qs = (p: number) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (p > 1) params.set("page", String(p));
    const s = params.toString();
    return s ? `${options.pagePath}?${s}` : options.pagePath;
  };
  const list =
    shown.length > 0
      ? `<ul class="s-grid">${shown.map(card).join("")}</ul>${
          pages > 1
            ? `<nav class="s-pages" aria-label="${esc(L.courses)}">${page > 1 ? `<a href="${esc(qs(page - 1))}" rel="prev">${esc(L.prev)}</a>` : ""}<span>${esc(L.page(page, pages))}</span>${page < pages ? `<a href="${esc(qs(page + 1))}" rel="next">${esc(L.next)}</a>` : ""}</nav>`
            : ""
        }`
      : `<p class="s-empty">${esc(search ? L.noMatch(search) : L.none)}${search ? ` <a href="${esc(options.pagePath)}">${esc(L.clear)}</a>` : ""}</p>`;
  const instName = instructor?.fullName || "";
  const instSection = instructor
    ? `<section aria-labelledby="s-inst"><h2 id="s-inst">${esc(L.instructor)}</h2><div class="s-inst">${
        safeImageUrl(instructor.avatarUrl)
          ? `<img src="${esc(safeImageUrl(instructor.avatarUrl))}" alt="">`
          : ""
      }<div><h3>${esc(instName || school.name)}</h3>${instructor.bio ? `<p>${esc(instructor.bio)}</p>` : ""}</div></div></section>`
    : "";
  const about = school.description?.trim()
    ? `<section aria-labelledby="s-about"><h2 id="s-about">${esc(L.about)}</h2><p style="white-space:pre-line;overflow-wrap:anywhere">${esc(school.description)}</p></section>`
    : "";
  const social = links.length
    ? `<nav class="s-social" aria-label="Social">${links.map(([k, v]) => `<a href="${esc(v)}" rel="noopener" target="_blank">${SOCIAL_LABELS[k]}</a>`).join("")}</nav>`
    : "";
  const body = `<header class="s-top"><div class="s-wrap"><div class="s-bar">${logo ? `<img src="${esc(logo)}" alt="${esc(school.name)} logo">` : ""}<a class="s-name" href="${esc(options.pagePath)}">${esc(school.name)}</a>${social}</div><div class="s-hero"><h1>${esc(school.name)}</h1>${
    school.description?.trim() ? `<p>${esc(school.description.slice(0, 280))}</p>` : ""
  }</div></div></header><main class="s-wrap"><form class="s-search" role="search" method="get" action="${esc(options.pagePath)}"><input type="search" name="q" value="${esc(search)}" placeholder="${esc(L.search)}" aria-label="${esc(L.search)}" maxlength="100"><button type="submit">${esc(L.searchButton)}</button></form><section aria-labelledby="s-courses"><h2 id="s-courses">${esc(L.courses)} (${matching.length})</h2>${list}</section>${about}${instSection}</main><footer><div class="s-wrap">© ${esc(school.name)}${
    school.support_email
      ? ` · ${esc(L.contact)}: <a href="mailto:${esc(school.support_email)}">${esc(school.support_email)}</a>`
      : ""
  }</div></footer>`;
  const html = `<!doctype html><html lang="${options.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}<style>${css(primary, accent, font)}</style></head><body>${body}</body></html>`;
  return { status: 200, html };
}

/** The 'Page Not Found' page of school addresses and custom domains (spec 001 §8), no JavaScript. */
export function schoolNotFoundHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Page Not Found</title><style>body{margin:0;font-family:system-ui,sans-serif;display:flex;min-height:100vh;align-items:center;justify-content:center;background:#f6f7fb;color:#1c1f2a;text-align:center;padding:16px}a{color:#1A237E}</style></head><body><main><h1>Page Not Found</h1><p>The page you are looking for does not exist or is not published.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}
