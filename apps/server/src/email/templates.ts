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

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Wraps body HTML in a simple, mail-client-safe layout with a call-to-action button. */
function layout(opts: {
  locale: Locale;
  heading: string;
  paragraphs: string[];
  cta?: { label: string; url: string };
  footer: string;
}): string {
  const cta = opts.cta
    ? `<p style="margin:28px 0"><a href="${escapeHtml(opts.cta.url)}" style="background:#1A237E;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(opts.cta.label)}</a></p>
<p style="color:#64748b;font-size:13px">${opts.locale === "vi" ? "Nếu nút không hoạt động, hãy mở liên kết này:" : "If the button does not work, open this link:"}<br><a href="${escapeHtml(opts.cta.url)}" style="color:#1A237E;word-break:break-all">${escapeHtml(opts.cta.url)}</a></p>`
    : "";
  return `<!doctype html><html lang="${opts.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(opts.heading)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Inter,Segoe UI,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
<div style="font-weight:700;font-size:20px;color:#1A237E;margin-bottom:16px">Academy</div>
<div style="background:#ffffff;border-radius:12px;padding:28px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(opts.heading)}</h1>
${opts.paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join("\n")}
${cta}
</div>
<p style="color:#94a3b8;font-size:12px;margin-top:16px">${escapeHtml(opts.footer)}</p>
</div></body></html>`;
}

/** An e-mail of paragraphs and one call-to-action button, as HTML and as plain text. */
function withCallToAction(m: {
  template: string;
  locale: Locale;
  subject: string;
  paragraphs: string[];
  label: string;
  url: string;
  footer: string;
}): RenderedEmail {
  return {
    template: m.template,
    subject: m.subject,
    html: layout({
      locale: m.locale,
      heading: m.subject,
      paragraphs: m.paragraphs,
      cta: { label: m.label, url: m.url },
      footer: m.footer,
    }),
    text: `${m.paragraphs.join("\n\n")}\n\n${m.label}: ${m.url}\n\n${m.footer}\n`,
  };
}

/** The account verification e-mail sent on sign-up (issue 2). `url` is better-auth's verification link. */
export function verificationEmail(input: {
  locale: Locale;
  name: string | null;
  url: string;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const greeting = input.name
    ? vi
      ? `Xin chào ${input.name},`
      : `Hi ${input.name},`
    : vi
      ? "Xin chào,"
      : "Hi,";
  const subject = vi ? "Xác minh địa chỉ email của bạn cho Academy" : "Verify your email address for Academy";
  const paragraphs = vi
    ? [
        greeting,
        "Cảm ơn bạn đã tạo tài khoản Academy. Hãy xác minh địa chỉ email để đăng nhập.",
        "Liên kết có hiệu lực trong 24 giờ.",
      ]
    : [
        greeting,
        "Thanks for creating your Academy account. Please verify your email address to sign in.",
        "The link is valid for 24 hours.",
      ];
  const label = vi ? "Xác minh email" : "Verify email";
  const footer = vi
    ? "Nếu bạn không tạo tài khoản này, hãy bỏ qua email này."
    : "If you did not create this account, you can ignore this email.";
  return withCallToAction({
    template: "verification",
    locale: input.locale,
    subject,
    paragraphs,
    label,
    url: input.url,
    footer,
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
    ? "Bạn nhận được email này vì bạn đã ghi danh vào khóa học trên Academy."
    : "You receive this email because you are enrolled in this course on Academy.";
  return withCallToAction({
    template: "course-update",
    locale: input.locale,
    subject,
    paragraphs,
    label,
    url: input.url,
    footer,
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
    ? `${sender} đã gửi tin nhắn cho bạn trên Academy`
    : `${sender} sent you a message on Academy`;
  const paragraphs = vi
    ? [greeting, `Bạn có ${count} tin nhắn chưa đọc từ ${sender} về khóa học "${input.courseTitle}".`]
    : [
        greeting,
        `You have ${count} unread ${count === 1 ? "message" : "messages"} from ${sender} about "${input.courseTitle}".`,
      ];
  return withCallToAction({
    template: "unread-message",
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
