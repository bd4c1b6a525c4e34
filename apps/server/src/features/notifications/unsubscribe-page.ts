import { escapeHtml } from "../../email/layout.ts";

/** The names of the notification types on the unsubscribe page (same words as account settings). */
const TYPE_NAMES: Record<"en" | "vi", Record<string, string>> = {
  en: {
    message: "New messages",
    discussion_reply: "Replies to your discussions",
    mention: "Mentions",
    study_group: "Study groups",
    buddy: "Study buddies",
    section_opened: "New sections opened",
    certificate_issued: "Certificates",
    order_paid: "Payments",
    order_refunded: "Refunds",
    review: "New reviews",
    moderation: "Moderation decisions",
    ticket_reply: "Help request replies",
    study_reminder: "Study reminders",
    announcement: "Course announcements",
  },
  vi: {
    message: "Tin nhắn mới",
    discussion_reply: "Phản hồi trong thảo luận của bạn",
    mention: "Lượt nhắc đến bạn",
    study_group: "Nhóm học",
    buddy: "Bạn học",
    section_opened: "Phần học mới được mở",
    certificate_issued: "Chứng chỉ",
    order_paid: "Thanh toán",
    order_refunded: "Hoàn tiền",
    review: "Đánh giá mới",
    moderation: "Quyết định kiểm duyệt",
    ticket_reply: "Phản hồi yêu cầu hỗ trợ",
    study_reminder: "Nhắc nhở học tập",
    announcement: "Thông báo khóa học",
  },
};

const TEXT = {
  en: {
    title: "Unsubscribe",
    confirm: (name: string) =>
      `Stop e-mails about “${name}”? You will still see them in the notification bell.`,
    button: "Unsubscribe",
    done: (name: string) => `Done. You will no longer get e-mails about “${name}”.`,
    settings: "Change your notification settings",
    invalid: "This unsubscribe link is not valid. Sign in and change your notification settings instead.",
  },
  vi: {
    title: "Hủy đăng ký",
    confirm: (name: string) =>
      `Ngừng nhận email về “${name}”? Bạn vẫn thấy các thông báo này ở biểu tượng chuông.`,
    button: "Hủy đăng ký",
    done: (name: string) => `Xong. Bạn sẽ không nhận email về “${name}” nữa.`,
    settings: "Thay đổi cài đặt thông báo",
    invalid: "Liên kết hủy đăng ký này không hợp lệ. Hãy đăng nhập và thay đổi cài đặt thông báo.",
  },
} as const;

/**
 * The small page of `/unsubscribe/{token}` (issue 27 §2) in the person's language: "confirm"
 * (a form posting to the same address), "done" (with a link to the settings) or "invalid".
 * No script; the form posts `List-Unsubscribe=One-Click` like a mail provider would.
 */
export function unsubscribePage(input: {
  state: "confirm" | "done" | "invalid";
  locale: "en" | "vi";
  type?: string;
  settingsUrl?: string;
}): string {
  const t = TEXT[input.locale];
  const name = escapeHtml(TYPE_NAMES[input.locale][input.type ?? ""] ?? input.type ?? "");
  let body: string;
  if (input.state === "confirm") {
    body = `<p>${t.confirm(name)}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t.button}</button></form>`;
  } else if (input.state === "done") {
    body = `<p role="status">${t.done(name)}</p>${input.settingsUrl ? `<p><a href="${escapeHtml(input.settingsUrl)}">${t.settings}</a></p>` : ""}`;
  } else {
    body = `<p role="alert">${t.invalid}</p>`;
  }
  return `<!doctype html><html lang="${input.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title>
<style>body{margin:0;background:#f1f5f9;font-family:Inter,Segoe UI,Arial,sans-serif;color:#0f172a}main{max-width:480px;margin:48px auto;padding:0 16px}.card{background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 2px rgba(0,0,0,.06)}h1{font-size:22px;margin:0 0 12px}p{line-height:1.6;margin:0 0 16px;overflow-wrap:anywhere}button{background:#1A237E;color:#fff;border:0;border-radius:8px;padding:12px 20px;font:inherit;font-weight:600;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}a{color:#1A237E}</style></head>
<body><main><div class="card"><h1>${t.title}</h1>
${body}
</div></main></body></html>`;
}
