/**
 * E-mail templates: HTML and plain text, in the recipient's language (en or vi).
 * Every value put into HTML is escaped.
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

/**
 * The account verification e-mail sent on sign-up (issue 2). `url` is better-auth's verification
 * link. With `schoolName` (an account made from a course's /join page or an invitation, issue 5)
 * the school is the e-mail's brand and is named in the subject.
 */
export function verificationEmail(input: {
  locale: Locale;
  name: string | null;
  url: string;
  schoolName?: string | null;
  /** The school\'s brand (logo, colour), issue 15. */
  school?: EmailBrand | null;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const school = input.schoolName?.trim() || null;
  const subject = school
    ? vi
      ? `Xác minh email để tham gia ${school}`
      : `Verify your email to join ${school}`
    : vi
      ? `Xác minh địa chỉ email của bạn cho ${PLATFORM}`
      : `Verify your email address for ${PLATFORM}`;
  const paragraphs = vi
    ? [
        greet(input.locale, input.name),
        school
          ? `Cảm ơn bạn đã tạo tài khoản để học cùng ${school}. Hãy xác minh địa chỉ email để đăng nhập.`
          : `Cảm ơn bạn đã tạo tài khoản ${PLATFORM}. Hãy xác minh địa chỉ email để đăng nhập.`,
        "Liên kết có hiệu lực trong 24 giờ.",
      ]
    : [
        greet(input.locale, input.name),
        school
          ? `Thanks for creating your account to learn with ${school}. Please verify your email address to sign in.`
          : `Thanks for creating your ${PLATFORM} account. Please verify your email address to sign in.`,
        "The link is valid for 24 hours.",
      ];
  return withCallToAction({
    template: "verification",
    school: input.school,
    brand: school,
    locale: input.locale,
    subject,
    paragraphs,
    label: vi ? "Xác minh email" : "Verify email",
    url: input.url,
    footer: vi
      ? "Nếu bạn không tạo tài khoản này, hãy bỏ qua email này."
      : "If you did not create this account, you can ignore this email.",
  });
}

/**
 * A course update from the creator to an enrolled student (000 §7 course_update_notification,
 * bulk "email" action). `message` is the creator's text (escaped); `url` opens the course.
 */
export function courseUpdateEmail(input: {
  locale: Locale;
  studentName: string | null;
  courseTitle: string;
  subject?: string;
  message: string;
  url: string;
  schoolName?: string | null;
  /** The school\'s brand (logo, colour), issue 15. */
  school?: EmailBrand | null;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const greeting = input.studentName
    ? vi
      ? `Xin chào ${input.studentName},`
      : `Hi ${input.studentName},`
    : vi
      ? "Xin chào,"
      : "Hi,";
  const subject =
    input.subject?.trim() ||
    (vi ? `Cập nhật khóa học: ${input.courseTitle}` : `Course update: ${input.courseTitle}`);
  const intro = vi
    ? `Giảng viên của khóa học "${input.courseTitle}" gửi bạn một thông báo:`
    : `The teacher of "${input.courseTitle}" sent you an update:`;
  const paragraphs = [
    greeting,
    intro,
    ...input.message
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean),
  ];
  const label = vi ? "Mở khóa học" : "Open the course";
  const footer = vi
    ? `Bạn nhận được email này vì bạn đã ghi danh vào khóa học trên ${PLATFORM}.`
    : `You receive this email because you are enrolled in this course on ${PLATFORM}.`;
  return withCallToAction({
    template: "course-update",
    school: input.school,
    brand: input.schoolName,
    locale: input.locale,
    subject,
    paragraphs,
    label,
    url: input.url,
    footer,
  });
}

export function greet(locale: Locale, name: string | null | undefined): string {
  if (locale === "vi") return name ? `Xin chào ${name},` : "Xin chào,";
  return name ? `Hi ${name},` : "Hi,";
}

function school(locale: Locale, name: string | null | undefined): string {
  return name?.trim() || (locale === "vi" ? "trường của giảng viên" : "your teacher's school");
}

/** A list of course titles for a sentence: "A", "A and B", "A, B and C" ("và" in Vietnamese). */
export function joinTitles(locale: Locale, titles: string[]): string {
  const quoted = titles.map((t) => `"${t}"`);
  if (quoted.length <= 1) return quoted.join("");
  const and = locale === "vi" ? " và " : " and ";
  return `${quoted.slice(0, -1).join(", ")}${and}${quoted.at(-1)}`;
}

/**
 * The invitation e-mail (000 §7 send-student-invitation; issue 5): who invites, into which
 * courses, the creator's optional message, the link /auth?invitation={token} and its expiry (7 days).
 */
export function invitationEmail(input: {
  locale: Locale;
  schoolName: string | null;
  /** The school\'s brand (logo, colour), issue 15. */
  school?: EmailBrand | null;
  inviterName: string | null;
  courseTitles: string[];
  message?: string | null;
  url: string;
  expiresAt: Date;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const who = input.inviterName?.trim() || school(input.locale, input.schoolName);
  const courses = joinTitles(input.locale, input.courseTitles);
  const date = input.expiresAt.toLocaleDateString(vi ? "vi-VN" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Ho_Chi_Minh",
  });
  const subject = vi
    ? `${who} mời bạn tham gia khóa học trên ${input.schoolName?.trim() || PLATFORM}`
    : `${who} invited you to join ${input.schoolName?.trim() || PLATFORM}`;
  const paragraphs = [
    greet(input.locale, null),
    vi ? `${who} mời bạn tham gia ${courses}.` : `${who} invited you to join ${courses}.`,
    ...(input.message?.trim()
      ? [vi ? `Lời nhắn: ${input.message.trim()}` : `Message: ${input.message.trim()}`]
      : []),
    vi
      ? `Hãy tạo tài khoản (hoặc đăng nhập) bằng địa chỉ email này để bắt đầu học. Lời mời có hiệu lực đến ${date}.`
      : `Create your account (or sign in) with this email address to start learning. The invitation is valid until ${date}.`,
  ];
  return withCallToAction({
    template: "invitation",
    school: input.school,
    brand: input.schoolName,
    locale: input.locale,
    subject,
    paragraphs,
    label: vi ? "Nhận lời mời" : "Accept the invitation",
    url: input.url,
    footer: vi
      ? "Nếu bạn không mong đợi lời mời này, hãy bỏ qua email này."
      : "If you did not expect this invitation, you can ignore this email.",
  });
}

/**
 * Bulk e-mails from Student Management (000 §3 notification payload email_type welcome |
 * reminder | completion; issue 5): one per student naming the selected courses; the creator's
 * optional message is added as its own paragraphs; `url` opens the student's dashboard.
 */
export function studentNotificationEmail(input: {
  locale: Locale;
  emailType: "welcome" | "reminder" | "completion";
  schoolName: string | null;
  /** The school\'s brand (logo, colour), issue 15. */
  school?: EmailBrand | null;
  studentName: string | null;
  courseTitles: string[];
  message?: string | null;
  url: string;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const courses = joinTitles(input.locale, input.courseTitles);
  const brand = input.schoolName?.trim() || PLATFORM;
  const texts = {
    welcome: vi
      ? {
          subject: `Chào mừng bạn đến với ${brand}`,
          body: `Chào mừng bạn đến với ${courses}! Chúng tôi rất vui được đồng hành cùng bạn. Bài học đầu tiên đang chờ bạn.`,
          label: "Bắt đầu học",
        }
      : {
          subject: `Welcome to ${brand}`,
          body: `Welcome to ${courses}! We are glad to have you. Your first lesson is waiting for you.`,
          label: "Start learning",
        },
    reminder: vi
      ? {
          subject: `Nhắc nhở: tiếp tục học ${courses}`,
          body: `Đã một thời gian bạn chưa quay lại ${courses}. Chỉ vài phút mỗi ngày là đủ để tiến bộ — hãy tiếp tục từ nơi bạn đã dừng.`,
          label: "Tiếp tục học",
        }
      : {
          subject: `Reminder: continue ${courses}`,
          body: `It has been a while since you last opened ${courses}. A few minutes a day is enough to make progress — pick up where you left off.`,
          label: "Continue learning",
        },
    completion: vi
      ? {
          subject: `Chúc mừng bạn đã hoàn thành ${courses}`,
          body: `Chúc mừng! Bạn đã hoàn thành ${courses}. Chứng chỉ của bạn có trên trang tổng quan.`,
          label: "Xem chứng chỉ",
        }
      : {
          subject: `Congratulations on completing ${courses}`,
          body: `Congratulations! You have completed ${courses}. Your certificate is on your dashboard.`,
          label: "See your certificate",
        },
  }[input.emailType];
  const extra = (input.message ?? "")
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return withCallToAction({
    template: input.emailType,
    school: input.school,
    brand: input.schoolName,
    locale: input.locale,
    subject: texts.subject,
    paragraphs: [greet(input.locale, input.studentName), texts.body, ...extra],
    label: texts.label,
    url: input.url,
    footer: vi
      ? `Bạn nhận được email này vì bạn đã ghi danh vào khóa học của ${brand}.`
      : `You receive this email because you are enrolled in a course of ${brand}.`,
  });
}

/**
 * Payment confirmed (issue 5): the creator confirmed a pending paid enrolment; the student now
 * has access. `amount` in the course currency (whole VND for VND).
 */
export function paymentConfirmedEmail(input: {
  locale: Locale;
  schoolName: string | null;
  /** The school\'s brand (logo, colour), issue 15. */
  school?: EmailBrand | null;
  studentName: string | null;
  courseTitle: string;
  amount: number;
  currency: string;
  url: string;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const money = new Intl.NumberFormat(vi ? "vi-VN" : "en-US", {
    style: "currency",
    currency: input.currency,
    maximumFractionDigits: input.currency === "VND" ? 0 : 2,
  }).format(input.amount);
  return withCallToAction({
    template: "payment-confirmed",
    school: input.school,
    brand: input.schoolName,
    locale: input.locale,
    subject: vi ? `Đã xác nhận thanh toán: ${input.courseTitle}` : `Payment confirmed: ${input.courseTitle}`,
    paragraphs: [
      greet(input.locale, input.studentName),
      vi
        ? `Khoản thanh toán ${money} cho khóa học "${input.courseTitle}" đã được xác nhận. Bạn có thể bắt đầu học ngay.`
        : `Your payment of ${money} for "${input.courseTitle}" has been confirmed. You can start learning now.`,
    ],
    label: vi ? "Vào khóa học" : "Open the course",
    url: input.url,
    footer: vi ? "Cảm ơn bạn đã tin tưởng chúng tôi." : "Thank you for learning with us.",
  });
}

/**
 * The unread-message nudge (issue 6 §6): sent once when a participant has not read a new message
 * for 10 minutes (at most one per conversation per hour). `url` opens the conversation.
 */
export function unreadMessageEmail(input: {
  locale: Locale;
  recipientName: string | null;
  senderName: string | null;
  courseTitle: string;
  unreadCount: number;
  url: string;
  /** The course's school brand (issue 15). */
  school?: EmailBrand | null;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const sender = input.senderName?.trim() || (vi ? "Người dùng" : "Someone");
  const greeting = input.recipientName
    ? vi
      ? `Xin chào ${input.recipientName},`
      : `Hi ${input.recipientName},`
    : vi
      ? "Xin chào,"
      : "Hi,";
  const count = Math.max(1, input.unreadCount);
  const subject = vi
    ? `${sender} đã gửi tin nhắn cho bạn trên ${PLATFORM}`
    : `${sender} sent you a message on ${PLATFORM}`;
  const paragraphs = vi
    ? [greeting, `Bạn có ${count} tin nhắn chưa đọc từ ${sender} về khóa học "${input.courseTitle}".`]
    : [
        greeting,
        `You have ${count} unread ${count === 1 ? "message" : "messages"} from ${sender} about "${input.courseTitle}".`,
      ];
  return withCallToAction({
    template: "unread-message",
    school: input.school,
    locale: input.locale,
    subject,
    paragraphs,
    label: vi ? "Mở cuộc trò chuyện" : "Open the conversation",
    url: input.url,
    footer: vi
      ? "Chúng tôi gửi tối đa một email mỗi giờ cho mỗi cuộc trò chuyện."
      : "We send at most one email per conversation per hour.",
  });
}

/**
 * A plain notice with one button (issue 14: moderation decisions, support-ticket replies). The
 * caller gives the texts in the recipient's language; `template` names the message in the outbox.
 */
export function noticeEmail(input: {
  template: string;
  locale: Locale;
  subject: string;
  paragraphs: string[];
  label: string;
  url: string;
  brand?: string | null;
}): RenderedEmail {
  return withCallToAction({
    ...input,
    footer:
      input.locale === "vi"
        ? `Bạn nhận được email này vì bạn có tài khoản ${PLATFORM}.`
        : `You are receiving this e-mail because you have an account on ${PLATFORM}.`,
  });
}

/** An amount in the smallest unit of `currency`, formatted for `locale`. */
export function moneyText(locale: Locale, amount: number, currency: string): string {
  const minor = currency === "VND" ? 0 : 2;
  return new Intl.NumberFormat(locale === "vi" ? "vi-VN" : "en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: minor,
    maximumFractionDigits: minor,
  }).format(amount / 10 ** minor);
}

/** Payment method names in both languages. */
export const METHOD_NAMES: Record<string, { en: string; vi: string }> = {
  momo: { en: "MoMo", vi: "MoMo" },
  zalopay: { en: "ZaloPay", vi: "ZaloPay" },
  vietqr: { en: "VietQR", vi: "VietQR" },
  "bank-transfer": { en: "Bank transfer", vi: "Chuyển khoản ngân hàng" },
  "credit-card": { en: "Card", vi: "Thẻ" },
  cash: { en: "Cash", vi: "Tiền mặt" },
  coupon: { en: "Coupon (free)", vi: "Mã giảm giá (miễn phí)" },
};

/** Facts of an order as the order e-mails (issue 11 §6) show them. `amount` in the smallest unit. */
export interface OrderEmailFacts {
  locale: Locale;
  schoolName: string | null;
  recipientName: string | null;
  courseTitle: string;
  reference: string;
  amount: number;
  currency: string;
  method: string | null;
  studentLabel: string;
  url: string;
  /** Seller lines of a receipt (legal name, tax code, address, contact — issue 23 §9), when filled. */
  sellerLines?: string[];
}

function orderLines(o: OrderEmailFacts): string[] {
  const vi = o.locale === "vi";
  const method = o.method ? (METHOD_NAMES[o.method]?.[o.locale] ?? o.method) : "—";
  return [
    `${vi ? "Mã đơn" : "Reference"}: ${o.reference}`,
    `${vi ? "Khóa học" : "Course"}: ${o.courseTitle}`,
    `${vi ? "Số tiền" : "Amount"}: ${moneyText(o.locale, o.amount, o.currency)}`,
    `${vi ? "Phương thức" : "Method"}: ${method}`,
  ];
}

/** To the creator: a buyer says they transferred / will pay cash; the order awaits confirmation. */
export function orderAwaitingEmail(o: OrderEmailFacts): RenderedEmail {
  const vi = o.locale === "vi";
  return withCallToAction({
    template: "order-awaiting",
    brand: o.schoolName,
    locale: o.locale,
    subject: vi
      ? `Đơn ${o.reference} chờ xác nhận thanh toán`
      : `Order ${o.reference} is waiting for your confirmation`,
    paragraphs: [
      greet(o.locale, o.recipientName),
      vi
        ? `${o.studentLabel} cho biết đã thanh toán. Hãy kiểm tra tài khoản và xác nhận trong hàng chờ xác minh.`
        : `${o.studentLabel} says they have paid. Check your account and confirm it in the verification queue.`,
      ...orderLines(o),
    ],
    label: vi ? "Mở hàng chờ xác minh" : "Open the verification queue",
    url: o.url,
    footer: vi
      ? `Bạn nhận được email này vì bạn bán khóa học trên ${PLATFORM}.`
      : `You receive this because you sell courses on ${PLATFORM}.`,
  });
}

/** To the creator: an order was paid (by a provider callback or a coupon). */
export function orderPaidCreatorEmail(o: OrderEmailFacts): RenderedEmail {
  const vi = o.locale === "vi";
  return withCallToAction({
    template: "order-paid-creator",
    brand: o.schoolName,
    locale: o.locale,
    subject: vi ? `Đơn ${o.reference} đã thanh toán` : `Order ${o.reference} is paid`,
    paragraphs: [
      greet(o.locale, o.recipientName),
      vi
        ? `${o.studentLabel} đã thanh toán và được ghi danh.`
        : `${o.studentLabel} has paid and is enrolled.`,
      ...orderLines(o),
    ],
    label: vi ? "Xem thu nhập" : "View earnings",
    url: o.url,
    footer: vi
      ? `Bạn nhận được email này vì bạn bán khóa học trên ${PLATFORM}.`
      : `You receive this because you sell courses on ${PLATFORM}.`,
  });
}

/** To the student: the receipt of a paid order (reference, amount, method, course). */
export function orderReceiptEmail(o: OrderEmailFacts): RenderedEmail {
  const vi = o.locale === "vi";
  return withCallToAction({
    template: "order-receipt",
    brand: o.schoolName,
    locale: o.locale,
    subject: vi ? `Biên nhận ${o.reference}: ${o.courseTitle}` : `Receipt ${o.reference}: ${o.courseTitle}`,
    paragraphs: [
      greet(o.locale, o.recipientName),
      vi
        ? "Cảm ơn bạn! Thanh toán đã được ghi nhận, bạn có thể bắt đầu học ngay."
        : "Thank you! Your payment is received and you can start learning now.",
      ...orderLines(o),
      ...(o.sellerLines ?? []),
    ],
    label: vi ? "Vào khóa học" : "Open the course",
    url: o.url,
    footer: vi ? "Hãy giữ email này làm biên nhận." : "Keep this e-mail as your receipt.",
  });
}

/** To the student: the creator rejected the payment, with the reason. */
export function orderRejectedEmail(o: OrderEmailFacts & { reason: string }): RenderedEmail {
  const vi = o.locale === "vi";
  return withCallToAction({
    template: "order-rejected",
    brand: o.schoolName,
    locale: o.locale,
    subject: vi
      ? `Thanh toán cho đơn ${o.reference} chưa được xác nhận`
      : `Payment for order ${o.reference} was not confirmed`,
    paragraphs: [
      greet(o.locale, o.recipientName),
      vi
        ? `Giáo viên không xác nhận được khoản thanh toán. Lý do: ${o.reason}`
        : `The teacher could not confirm your payment. Reason: ${o.reason}`,
      ...orderLines(o),
    ],
    label: vi ? "Thử lại" : "Try again",
    url: o.url,
    footer: vi ? "Hãy trả lời giáo viên nếu bạn đã thanh toán." : "Message the teacher if you have paid.",
  });
}

/**
 * The community reply digest (issue 13 §2): new replies to the recipient's discussions, at most
 * one e-mail an hour; the footer says how to turn it off (Community → Discussions preferences).
 */
export function replyDigestEmail(input: {
  locale: Locale;
  recipientName: string | null;
  replyCount: number;
  threadCount: number;
  discussionTitle: string;
  url: string;
  settingsUrl: string;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const greeting = input.recipientName
    ? vi
      ? `Xin chào ${input.recipientName},`
      : `Hi ${input.recipientName},`
    : vi
      ? "Xin chào,"
      : "Hi,";
  const replies = Math.max(1, input.replyCount);
  const threads = Math.max(1, input.threadCount);
  const subject = vi
    ? `${replies} phản hồi mới trong thảo luận của bạn`
    : `${replies} new ${replies === 1 ? "reply" : "replies"} to your discussions`;
  const paragraphs = vi
    ? [
        greeting,
        `Có ${replies} phản hồi mới trong ${threads} thảo luận của bạn, gần nhất ở "${input.discussionTitle}".`,
      ]
    : [
        greeting,
        `There ${replies === 1 ? "is" : "are"} ${replies} new ${replies === 1 ? "reply" : "replies"} in ${threads} of your discussions, the latest in "${input.discussionTitle}".`,
      ];
  return withCallToAction({
    template: "reply-digest",
    locale: input.locale,
    subject,
    paragraphs,
    label: vi ? "Xem thảo luận" : "Open the discussion",
    url: input.url,
    footer: vi
      ? `Chúng tôi gửi tối đa một email mỗi giờ. Tắt email này trong Cộng đồng: ${input.settingsUrl}`
      : `We send at most one email an hour. Turn these emails off in Community: ${input.settingsUrl}`,
  });
}

/**
 * To the student: money of an order was given back (issue 23 §7). `through`: momo | zalopay |
 * stripe (back to the buyer's MoMo / ZaloPay / card; the provider decides when it arrives),
 * manual (the teacher returned it outside the platform) or provider_portal (refunded from the
 * provider's own portal). `amount` in the smallest unit. `accessEnded`: the course is closed to
 * them now (no other paid order grants it).
 */
export function refundIssuedEmail(
  o: OrderEmailFacts & { through: string; accessEnded: boolean },
): RenderedEmail {
  const vi = o.locale === "vi";
  const money = moneyText(o.locale, o.amount, o.currency);
  const where: Record<string, { en: string; vi: string }> = {
    momo: { en: "to your MoMo wallet", vi: "về ví MoMo của bạn" },
    zalopay: { en: "to your ZaloPay account", vi: "về tài khoản ZaloPay của bạn" },
    stripe: { en: "to your card", vi: "về thẻ của bạn" },
    provider_portal: { en: "to the account you paid with", vi: "về tài khoản bạn đã dùng để thanh toán" },
  };
  const how =
    o.through === "manual"
      ? vi
        ? `Giáo viên đã hoàn lại ${money} cho bạn trực tiếp (ngoài ${PLATFORM}).`
        : `The teacher has returned ${money} to you directly (outside ${PLATFORM}).`
      : vi
        ? `${money} đã được hoàn ${where[o.through]?.vi ?? where.provider_portal.vi}. Thời gian tiền về do nhà cung cấp thanh toán quyết định.`
        : `${money} has been refunded ${where[o.through]?.en ?? where.provider_portal.en}. When it arrives depends on the payment provider.`;
  return withCallToAction({
    template: "order-refunded",
    brand: o.schoolName,
    locale: o.locale,
    subject: vi
      ? `Hoàn tiền đơn ${o.reference}: ${o.courseTitle}`
      : `Refund for order ${o.reference}: ${o.courseTitle}`,
    paragraphs: [
      greet(o.locale, o.recipientName),
      how,
      ...(o.accessEnded
        ? [vi ? "Quyền truy cập khóa học của bạn đã kết thúc." : "Your access to the course has ended."]
        : []),
      ...orderLines(o),
    ],
    label: vi ? "Xem khóa học" : "View the course",
    url: o.url,
    footer: vi ? "Hãy trả lời giáo viên nếu bạn có câu hỏi." : "Message the teacher if you have questions.",
  });
}

/** A receipt sent again on request (Purchases, issue 23 §9): the lines the PDF prints. */
export function purchaseReceiptEmail(o: {
  locale: Locale;
  schoolName: string | null;
  recipientName: string | null;
  reference: string;
  courseTitle: string;
  lines: string[];
  url: string;
}): RenderedEmail {
  const vi = o.locale === "vi";
  return withCallToAction({
    template: "purchase-receipt",
    brand: o.schoolName,
    locale: o.locale,
    subject: vi ? `Biên nhận ${o.reference}: ${o.courseTitle}` : `Receipt ${o.reference}: ${o.courseTitle}`,
    paragraphs: [greet(o.locale, o.recipientName), ...o.lines],
    label: vi ? "Xem các giao dịch" : "See your purchases",
    url: o.url,
    footer: vi ? "Hãy giữ email này làm biên nhận." : "Keep this e-mail as your receipt.",
  });
}
