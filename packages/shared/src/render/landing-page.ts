import {
  durationHours,
  type LandingSection,
  parseFeatures,
  type StyleData,
  sectionPrice,
  zaloLink,
} from "../rules/landing-pages.ts";
import { sectionContentProblem, sectionLabel } from "../schemas/landing-sections.ts";
import { FREE_LABEL, formatPrice, type RenderLang } from "./price.ts";

/**
 * The one landing-page renderer (decision 0071): sections + styles → an HTML string and its CSS.
 * The server sends it as the public page /lp/{slug} (no JavaScript needed to read it); the builder
 * shows the same string in its live-preview iframe, so both look alike. Pure: no Node or DOM.
 * Every text is HTML-escaped; only https:, http: and /files/ image addresses are kept.
 */

export { formatPrice, type RenderLang } from "./price.ts";

/**
 * A payment method as the public page shows it (issue 23 §6): only which way one can pay. No QR, no
 * account number, no transfer note — those exist only at checkout, with the order's own reference,
 * so nobody pays without an order.
 */
export interface PublicPayment {
  type: "momo" | "zalopay" | "vietqr" | "bank-transfer" | "credit-card" | "cash";
}

export interface RenderCourse {
  id: string;
  title: string;
  description: string | null;
  price: number;
  currency: string;
  enrollmentCount: number;
  /** minutes */
  estimatedDuration: number;
  /** The course's rating, only from REVIEWS_PUBLIC_MINIMUM reviews (publicRating; issue 24 §2). */
  rating?: { average: number; count: number } | null;
  /** The money-back guarantee in days, only when the creator set one on a paid course (issue 24 §3). */
  guaranteeDays?: number | null;
}

export interface RenderInput {
  title: string;
  description: string;
  sections: LandingSection[];
  styles: StyleData;
  course: RenderCourse | null;
  lessons: { title: string; duration: number }[];
  instructor: { fullName: string; avatarUrl: string | null; bio: string | null } | null;
  payments: PublicPayment[];
  lang: RenderLang;
  /** Where enrol buttons go (/join/{courseId}); null without a connected course. */
  enrolHref: string | null;
  /**
   * The school the page belongs to (issue 24 §6): a bar with its logo and name linking to its
   * school page (/s/{slug}); absent or null shows none.
   */
  school?: { name: string; logoUrl: string | null; href: string } | null;
  /** preview: unknown section types show the 'Unsupported Section Type' placeholder. */
  mode: "public" | "preview";
  /**
   * Told about a section left out because its stored content is invalid or failed to render
   * (issue 16 item 12): the server logs it; the page is served without that section.
   */
  onSectionError?: (section: LandingSection, index: number, problem: string) => void;
}

const LABELS = {
  en: {
    enrol: "Enroll Now",
    free: FREE_LABEL.en,
    about: "About This Course",
    students: "students",
    reviews: (n: number) => (n === 1 ? "review" : "reviews"),
    guarantee: (days: number) => `${days}-day money-back guarantee`,
    hours: "hours",
    lessons: "lessons",
    minutes: "min",
    curriculum: "Curriculum",
    curriculumEmpty: "The lessons will appear here once the course has them.",
    instructor: "Your instructor",
    payment: "How to pay",
    payIntro: "You can pay with:",
    payHow:
      "Enroll first: at checkout you get your own payment details — the QR code and the transfer note with your order reference.",
    vietqr: "VietQR (scan with your banking app)",
    bankTransfer: "Bank transfer",
    cash: "Cash",
    momo: "MoMo e-wallet",
    zalopay: "ZaloPay",
    card: "Credit or debit card",
    closing: "Ready to start learning?",
    closingText: "Join now and learn at your own pace.",
    unsupported: "Unsupported Section Type",
    faq: "Frequently asked questions",
    testimonials: "What students say",
    features: "What you will learn",
    pricing: "Pricing",
    consent: "This page uses cookies for analytics. Do you accept them?",
    accept: "Accept",
    decline: "Decline",
    zalo: "Chat on Zalo",
  },
  vi: {
    enrol: "Đăng ký ngay",
    free: FREE_LABEL.vi,
    about: "Về khóa học này",
    students: "học viên",
    reviews: (_n: number) => "đánh giá",
    guarantee: (days: number) => `Hoàn tiền trong ${days} ngày`,
    hours: "giờ",
    lessons: "bài học",
    minutes: "phút",
    curriculum: "Nội dung khóa học",
    curriculumEmpty: "Các bài học sẽ hiện ở đây khi khóa học có bài.",
    instructor: "Giảng viên của bạn",
    payment: "Cách thanh toán",
    payIntro: "Bạn có thể thanh toán bằng:",
    payHow:
      "Hãy đăng ký trước: ở bước thanh toán bạn sẽ nhận thông tin thanh toán riêng — mã QR và nội dung chuyển khoản có mã đơn hàng của bạn.",
    vietqr: "VietQR (quét bằng ứng dụng ngân hàng)",
    bankTransfer: "Chuyển khoản ngân hàng",
    cash: "Tiền mặt",
    momo: "Ví MoMo",
    zalopay: "ZaloPay",
    card: "Thẻ tín dụng hoặc ghi nợ",
    closing: "Sẵn sàng bắt đầu học?",
    closingText: "Đăng ký ngay và học theo nhịp của bạn.",
    unsupported: "Loại mục không được hỗ trợ",
    faq: "Câu hỏi thường gặp",
    testimonials: "Học viên nói gì",
    features: "Bạn sẽ học được gì",
    pricing: "Học phí",
    consent: "Trang này dùng cookie để phân tích. Bạn có đồng ý không?",
    accept: "Đồng ý",
    decline: "Từ chối",
    zalo: "Nhắn Zalo",
  },
} as const;

/** The fixed labels of the page in `lang` (the consent banner and the script use them too). */
export function landingLabels(lang: RenderLang) {
  return LABELS[lang];
}

/** Escapes &, <, >, " and ' for HTML text and attribute values. */
export function esc(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** An image address safe to put in src: https/http URLs, /files/… and PNG data URLs; else "". */
export function safeImageUrl(url: unknown): string {
  if (typeof url !== "string") return "";
  const u = url.trim();
  if (
    /^https?:\/\/[^\s"'<>]+$/i.test(u) ||
    /^\/files\/[^\s"'<>]+$/.test(u) ||
    /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(u)
  )
    return u;
  return "";
}

/** A colour fit for a style attribute (hex or transparent), else "". */
function safeColour(value: string): string {
  return /^(#[0-9a-fA-F]{3,8}|transparent)$/.test(value) ? value : "";
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === "object" && x !== null) : [];
const lines = (v: unknown): string[] =>
  Array.isArray(v)
    ? v
        .map(str)
        .map((s) => s.trim())
        .filter(Boolean)
    : typeof v === "string"
      ? parseFeatures(v)
      : [];

function sectionAttrs(section: LandingSection, extraClass = ""): string {
  const styles: string[] = [];
  const bg = safeColour(section.styles.backgroundColor);
  if (bg && bg !== "transparent") styles.push(`background-color:${bg}`);
  const fg = safeColour(section.styles.textColor);
  if (fg) styles.push(`color:${fg}`);
  if (/^[0-9.]+(rem|px|em)( [0-9.]+(rem|px|em)){0,3}$/.test(section.styles.padding))
    styles.push(`--lp-pad:${section.styles.padding}`);
  return `class="lp-section lp-s-${esc(section.type)}${extraClass ? ` ${extraClass}` : ""}" id="${esc(section.id)}"${
    styles.length ? ` style="${styles.join(";")}"` : ""
  }`;
}

function enrolButton(input: RenderInput, text: string, variant = ""): string {
  const label = esc(text || LABELS[input.lang].enrol);
  if (!input.enrolHref) return `<span class="lp-btn lp-btn-disabled${variant}">${label}</span>`;
  return `<a class="lp-btn${variant}" href="${esc(input.enrolHref)}" data-enrol>${label}</a>`;
}

function heading(section: LandingSection, fallback: string): string {
  const text = section.title || fallback;
  return text ? `<h2>${esc(text)}</h2>` : "";
}

function renderSection(section: LandingSection, input: RenderInput, index: number): string {
  const c = section.content;
  const L = LABELS[input.lang];
  switch (section.type) {
    case "hero": {
      const image = safeImageUrl(c.image);
      const headline = str(c.headline) || section.title || input.title;
      const tag = index === 0 ? "h1" : "h2";
      return `<section ${sectionAttrs(section, image ? "lp-hero-img" : "")}><div class="lp-wrap lp-hero-grid"><div><${tag}>${esc(headline)}</${tag}>${
        str(c.subheadline) ? `<p class="lp-lead">${esc(c.subheadline)}</p>` : ""
      }${enrolButton(input, str(c.ctaText), " lp-btn-light")}</div>${
        image
          ? `<img src="${esc(image)}" alt="${esc(headline)}" width="640" height="360" decoding="async">`
          : ""
      }</div></section>`;
    }
    case "features": {
      const items = lines(c.features);
      return `<section ${sectionAttrs(section)}><div class="lp-wrap">${heading(section, L.features)}<ul class="lp-features">${items
        .map((f) => `<li>${esc(f)}</li>`)
        .join("")}</ul></div></section>`;
    }
    case "testimonials": {
      const items = list(c.items);
      return `<section ${sectionAttrs(section)}><div class="lp-wrap">${heading(section, L.testimonials)}<div class="lp-cards">${items
        .map(
          (t) =>
            `<figure class="lp-card"><blockquote>${esc(t.text)}</blockquote><figcaption><strong>${esc(t.name)}</strong>${
              str(t.location) ? ` · ${esc(t.location)}` : ""
            }</figcaption></figure>`,
        )
        .join("")}</div></div></section>`;
    }
    case "pricing":
    case "pricing_vn": {
      const { price, original, currency } = sectionPrice(c, section.type, input.course);
      const items = lines(c.features);
      return `<section ${sectionAttrs(section)}><div class="lp-wrap">${heading(section, L.pricing)}<div class="lp-card lp-price-card"><p class="lp-price">${esc(
        formatPrice(price, currency, input.lang),
      )}${original > price ? ` <s>${esc(formatPrice(original, currency, input.lang))}</s>` : ""}</p>${
        items.length ? `<ul class="lp-features">${items.map((f) => `<li>${esc(f)}</li>`).join("")}</ul>` : ""
      }${enrolButton(input, str(c.buttonText))}</div></div></section>`;
    }
    case "faq": {
      const items = list(c.items);
      return `<section ${sectionAttrs(section)}><div class="lp-wrap lp-narrow">${heading(section, L.faq)}${items
        .map(
          (q) =>
            `<details class="lp-faq"><summary>${esc(q.question)}</summary><p>${esc(q.answer)}</p></details>`,
        )
        .join("")}</div></section>`;
    }
    case "cta": {
      const headline = str(c.headline) || str(c.title) || section.title;
      const text = str(c.text) || str(c.description);
      return `<section ${sectionAttrs(section, "lp-center")}><div class="lp-wrap lp-narrow">${headline ? `<h2>${esc(headline)}</h2>` : ""}${
        text ? `<p class="lp-lead">${esc(text)}</p>` : ""
      }${enrolButton(input, str(c.buttonText))}</div></section>`;
    }
    case "contact_zalo": {
      const headline = str(c.headline) || str(c.title) || section.title;
      const text = str(c.text) || str(c.description);
      const phone = str(c.zaloNumber);
      return `<section ${sectionAttrs(section, "lp-center")}><div class="lp-wrap lp-narrow">${headline ? `<h2>${esc(headline)}</h2>` : ""}${
        text ? `<p class="lp-lead">${esc(text)}</p>` : ""
      }${
        phone.replace(/\D/g, "")
          ? `<a class="lp-btn lp-btn-zalo" href="${esc(zaloLink(phone))}" target="_blank" rel="noopener">${esc(str(c.buttonText) || L.zalo)}</a>`
          : ""
      }</div></section>`;
    }
    case "curriculum": {
      return `<section ${sectionAttrs(section)}><div class="lp-wrap lp-narrow">${heading(section, L.curriculum)}${
        input.lessons.length
          ? `<ol class="lp-lessons">${input.lessons
              .map(
                (l) =>
                  `<li><span>${esc(l.title)}</span>${l.duration ? `<small>${l.duration} ${L.minutes}</small>` : ""}</li>`,
              )
              .join("")}</ol>`
          : `<p>${esc(L.curriculumEmpty)}</p>`
      }</div></section>`;
    }
    case "instructor": {
      const who = input.instructor;
      if (!who) return "";
      const avatar = safeImageUrl(who.avatarUrl);
      const initials = who.fullName
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 2)
        .map((w) => w[0]?.toUpperCase())
        .join("");
      return `<section ${sectionAttrs(section)}><div class="lp-wrap lp-narrow">${heading(section, L.instructor)}<div class="lp-instructor">${
        avatar
          ? `<img src="${esc(avatar)}" alt="${esc(who.fullName)}" width="96" height="96" loading="lazy">`
          : `<span class="lp-avatar" aria-hidden="true">${esc(initials)}</span>`
      }<div><h3>${esc(who.fullName)}</h3>${who.bio ? `<p>${esc(who.bio)}</p>` : ""}</div></div></div></section>`;
    }
    default:
      return input.mode === "preview"
        ? `<section class="lp-section lp-unsupported"><div class="lp-wrap"><p>${esc(L.unsupported)}: ${esc(section.type)}</p></div></section>`
        : "";
  }
}

/**
 * One section, or "" when its stored content is invalid or rendering it throws (issue 16 item 12):
 * one bad section never breaks the page. The problem goes to `input.onSectionError`; the builder's
 * preview shows a placeholder in its place.
 */
function renderSafely(section: LandingSection, input: RenderInput, index: number): string {
  let problem = sectionContentProblem(section.type, section.content);
  if (!problem) {
    try {
      return renderSection(section, input, index);
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  input.onSectionError?.(section, index, problem);
  return input.mode === "preview"
    ? `<section class="lp-section lp-unsupported" data-invalid-section><div class="lp-wrap"><p>${esc(
        `${sectionLabel(section, index)}: ${problem}`,
      )}</p></div></section>`
    : "";
}

/** The name of a way to pay, in the page's language. */
function paymentName(p: PublicPayment, input: RenderInput): string {
  const L = LABELS[input.lang];
  const names: Record<PublicPayment["type"], string> = {
    momo: L.momo,
    zalopay: L.zalopay,
    vietqr: L.vietqr,
    "bank-transfer": L.bankTransfer,
    "credit-card": L.card,
    cash: L.cash,
  };
  return names[p.type];
}

/**
 * "How to pay" (issue 23 §6): the ways one can pay and the Enrol call to action. Payable details
 * (QR, account, transfer note) are shown only at checkout, for the buyer's own order.
 */
function renderPayments(input: RenderInput): string {
  const L = LABELS[input.lang];
  return `<section class="lp-section lp-payments" id="payment"><div class="lp-wrap lp-narrow lp-center"><h2>${L.payment}</h2><p>${L.payIntro}</p><ul class="lp-pay-list">${input.payments
    .map((p) => `<li data-method="${esc(p.type)}">${esc(paymentName(p, input))}</li>`)
    .join("")}</ul><p class="lp-muted">${L.payHow}</p>${enrolButton(input, L.enrol)}</div></section>`;
}

/** The page's stylesheet: the style_data as CSS variables, the 768 px mobile rules (spec 001 §3, §9). */
export function landingCss(styles: StyleData): string {
  const font =
    styles.fontFamily === "Georgia"
      ? "Georgia,'Times New Roman',serif"
      : styles.fontFamily === "Arial"
        ? "Arial,Helvetica,sans-serif"
        : "Inter,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
  const btn = { small: ".55rem 1rem", medium: ".75rem 1.4rem", large: "1rem 1.8rem" }[
    styles.mobileButtonSize
  ];
  const btnFont = { small: ".9rem", medium: "1rem", large: "1.1rem" }[styles.mobileButtonSize];
  return `:root{--lp-primary:${styles.primaryColor};--lp-secondary:${styles.secondaryColor};--lp-radius:${styles.borderRadius}px;--lp-font:${font}}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}body{margin:0;font-family:var(--lp-font);color:#1c1f2a;background:#fff;line-height:1.6;font-size:1rem}
img{max-width:100%;height:auto}h1,h2,h3{line-height:1.2;margin:0 0 .75rem}h1{font-size:2.6rem}h2{font-size:1.9rem}h3{font-size:1.2rem}p{margin:0 0 1rem}
.lp-section{padding:var(--lp-pad,2rem) 1.25rem}.lp-wrap{max-width:1080px;margin:0 auto}.lp-narrow{max-width:760px}.lp-center{text-align:center}
.lp-lead{font-size:1.15rem;opacity:.92}.lp-muted{color:#545b6b;font-size:.9rem}
.lp-school{background:#fff;border-bottom:1px solid #e5e7eb;padding:.6rem 0}.lp-school a{display:inline-flex;align-items:center;gap:.6rem;color:var(--lp-primary);font-weight:700;text-decoration:none;max-width:100%}.lp-school img{width:32px;height:32px;object-fit:contain;border-radius:6px}.lp-school span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lp-btn{display:inline-block;background:var(--lp-primary);color:#fff;text-decoration:none;font-weight:600;padding:.85rem 1.6rem;border-radius:var(--lp-radius);border:0;font-size:1rem;cursor:pointer;min-height:44px}
.lp-btn:hover{filter:brightness(1.1)}.lp-btn:focus-visible{outline:3px solid var(--lp-secondary);outline-offset:2px}
.lp-btn-light{background:#fff;color:var(--lp-primary)}.lp-btn-zalo{background:#0068ff}.lp-btn-disabled{opacity:.6;cursor:default}
.lp-s-hero{background:linear-gradient(135deg,var(--lp-primary),#0b1030);color:#fff;padding-top:calc(var(--lp-pad,2rem) + 2rem);padding-bottom:calc(var(--lp-pad,2rem) + 2rem)}
.lp-hero-grid{display:grid;gap:2rem;align-items:center}.lp-hero-img .lp-hero-grid{grid-template-columns:1.1fr 1fr}.lp-s-hero img{border-radius:var(--lp-radius);aspect-ratio:16/9;object-fit:cover;width:100%}
.lp-features{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:.75rem}
.lp-features li{padding:.8rem 1rem .8rem 2.4rem;border-radius:var(--lp-radius);background:rgba(127,127,127,.08);position:relative}
.lp-features li::before{content:"";position:absolute;left:1rem;top:1.15rem;width:.7rem;height:.4rem;border-left:3px solid var(--lp-secondary);border-bottom:3px solid var(--lp-secondary);transform:rotate(-45deg)}
.lp-cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:1rem}
.lp-card{background:#fff;color:#1c1f2a;border:1px solid #e3e6ee;border-radius:var(--lp-radius);padding:1.25rem;margin:0}
.lp-card blockquote{margin:0 0 .75rem;font-style:italic}.lp-price-card{max-width:460px;margin:0 auto;text-align:center}
.lp-price-card .lp-features{grid-template-columns:1fr;text-align:left;margin-bottom:1.25rem}
.lp-price{font-size:2.2rem;font-weight:700;color:var(--lp-primary);margin-bottom:1rem}.lp-price s{font-size:1.1rem;color:#6b7280;font-weight:400}
.lp-price-sm{font-size:1.3rem;font-weight:700;color:var(--lp-primary)}
.lp-faq{border-bottom:1px solid #e3e6ee;padding:.75rem 0}.lp-faq summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}.lp-faq p{margin:.5rem 0 0}
.lp-lessons{padding-left:1.4rem}.lp-lessons li{padding:.45rem 0;border-bottom:1px solid #eceef3}.lp-lessons li small{float:right;color:#545b6b}
.lp-instructor{display:flex;gap:1.25rem;align-items:flex-start}.lp-instructor img,.lp-avatar{width:96px;height:96px;border-radius:50%;flex:none;object-fit:cover}
.lp-avatar{display:flex;align-items:center;justify-content:center;background:var(--lp-primary);color:#fff;font-size:2rem;font-weight:700}
.lp-about{background:#f6f7fb}.lp-stats{display:flex;flex-wrap:wrap;gap:1.5rem;list-style:none;padding:0;margin:1rem 0 0;font-weight:600}
.lp-pay-list{list-style:none;padding:0;margin:0 0 1rem;display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem}
.lp-pay-list li{border:1px solid #e3e6ee;border-radius:999px;padding:.4rem .9rem;font-weight:600;background:#fff;color:#1c1f2a;max-width:100%;overflow-wrap:anywhere}
.lp-closing{background:var(--lp-primary);color:#fff;text-align:center}.lp-closing .lp-btn{background:var(--lp-secondary);color:#0b1030}
.lp-unsupported{background:#fff4e5;color:#7a4b00;text-align:center;border:2px dashed #f0b35b}
.lp-consent{position:fixed;left:1rem;right:1rem;bottom:1rem;max-width:560px;margin:0 auto;background:#1c1f2a;color:#fff;padding:1rem;border-radius:12px;display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;z-index:10}
.lp-consent p{margin:0;flex:1 1 220px}.lp-consent button{min-height:44px;padding:.5rem 1rem;border-radius:8px;border:0;font:inherit;cursor:pointer}.lp-consent .lp-accept{background:#fff;color:#1c1f2a;font-weight:600}.lp-consent .lp-decline{background:transparent;color:#fff;border:1px solid #fff}
[hidden]{display:none!important}
@media (max-width:767px){body{font-size:${styles.mobileFontScale}rem}h1{font-size:${(2 * styles.mobileFontScale).toFixed(2)}rem}h2{font-size:${(1.5 * styles.mobileFontScale).toFixed(2)}rem}
.lp-hero-img .lp-hero-grid{grid-template-columns:1fr}.lp-btn{padding:${btn};font-size:${btnFont}}.lp-section{padding-left:1rem;padding-right:1rem}.lp-instructor{flex-direction:column}}`;
}

/**
 * Renders the page body: the sections in order, then (with a connected course) About This Course,
 * the enabled payment methods and a closing call to action (spec 001 §2 Public landing page).
 */
export function renderLandingBody(input: RenderInput): string {
  const L = LABELS[input.lang];
  const parts = input.sections.map((s, i) => renderSafely(s, input, i));
  const school = input.school;
  if (school) {
    const logo = school.logoUrl ? safeImageUrl(school.logoUrl) : null;
    parts.unshift(
      `<header class="lp-school" data-testid="lp-school"><div class="lp-wrap"><a href="${esc(school.href)}">${
        logo ? `<img src="${esc(logo)}" alt="" width="32" height="32">` : ""
      }<span>${esc(school.name)}</span></a></div></header>`,
    );
  }
  const course = input.course;
  if (course) {
    const hours = durationHours(course.estimatedDuration);
    parts.push(
      `<section class="lp-section lp-about"><div class="lp-wrap lp-narrow"><h2>${L.about}</h2><h3>${esc(course.title)}</h3>${
        course.description ? `<p>${esc(course.description)}</p>` : ""
      }<ul class="lp-stats"><li>${esc(formatPrice(course.price, course.currency, input.lang))}</li><li>${course.enrollmentCount} ${L.students}</li>${
        course.rating
          ? `<li class="lp-rating">★ ${esc(course.rating.average.toLocaleString(input.lang === "vi" ? "vi-VN" : "en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 }))} (${course.rating.count} ${L.reviews(course.rating.count)})</li>`
          : ""
      }${
        course.guaranteeDays ? `<li class="lp-guarantee">${esc(L.guarantee(course.guaranteeDays))}</li>` : ""
      }${
        hours ? `<li>${hours} ${L.hours}</li>` : ""
      }${input.lessons.length ? `<li>${input.lessons.length} ${L.lessons}</li>` : ""}</ul></div></section>`,
    );
  }
  // A free course takes no payment (issue 17 item 3): its page shows no payment methods.
  const free = input.course !== null && input.course.price <= 0;
  if (input.payments.length && !free) {
    parts.push(renderPayments(input));
  }
  if (course) {
    parts.push(
      `<section class="lp-section lp-closing"><div class="lp-wrap lp-narrow"><h2>${L.closing}</h2><p class="lp-lead">${L.closingText}</p>${enrolButton(
        input,
        L.enrol,
      )}</div></section>`,
    );
  }
  return `<main>${parts.join("")}</main>`;
}

/** A whole standalone document (the builder's preview iframe): head with CSS, then the body. */
export function renderLandingDocument(input: RenderInput, headExtra = ""): string {
  return `<!doctype html><html lang="${input.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${headExtra}<style>${landingCss(
    input.styles,
  )}</style></head><body>${renderLandingBody(input)}</body></html>`;
}
