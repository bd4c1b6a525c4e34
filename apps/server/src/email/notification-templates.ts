import { greet, type Locale, PLATFORM, type RenderedEmail, withCallToAction } from "./layout.ts";

/**
 * The e-mail of a notification whose type has no e-mail of its own (issue 27 §2): one sentence
 * written from the notification's `data` in the recipient's language, and a button to its page.
 * `type` is a notification type (`NOTIFICATION_TYPES`); `data` the notification's facts.
 */
export interface NotificationFacts {
  actorName?: string;
  courseTitle?: string;
  title?: string;
  excerpt?: string;
  event?: string;
  rating?: number;
  reference?: string;
}

/** What a moderation decision was about (the report's target type). */
const MODERATED: Record<string, Record<Locale, string>> = {
  discussion: { en: "discussion", vi: "bài thảo luận" },
  discussion_reply: { en: "reply", vi: "câu trả lời" },
  course: { en: "course", vi: "khóa học" },
  landing_page: { en: "landing page", vi: "trang đích" },
  material: { en: "material", vi: "tài liệu" },
  course_review: { en: "course review", vi: "đánh giá khóa học" },
};

/** The notification's one-line text (the e-mail subject). */
export function notificationSentence(locale: Locale, type: string, d: NotificationFacts): string {
  const vi = locale === "vi";
  const actor = d.actorName?.trim() || (vi ? "Một người" : "Someone");
  const title = d.title ?? "";
  const course = d.courseTitle ?? "";
  switch (type) {
    case "message":
      return vi ? `${actor} đã gửi tin nhắn cho bạn` : `${actor} sent you a message`;
    case "discussion_reply":
      return vi
        ? `${actor} đã trả lời thảo luận “${title}” của bạn`
        : `${actor} replied to your discussion “${title}”`;
    case "mention":
      return vi ? `${actor} đã nhắc đến bạn trong “${title}”` : `${actor} mentioned you in “${title}”`;
    case "study_group":
      if (d.event === "session")
        return vi ? `Buổi học mới trong nhóm học “${title}”` : `New session in the study group “${title}”`;
      return vi
        ? `${actor} đã tham gia nhóm học “${title}” của bạn`
        : `${actor} joined your study group “${title}”`;
    case "buddy":
      if (d.event === "accepted")
        return vi
          ? `${actor} đã chấp nhận lời mời bạn học của bạn`
          : `${actor} accepted your study buddy request`;
      return vi ? `${actor} muốn trở thành bạn học của bạn` : `${actor} wants to be your study buddy`;
    case "section_opened":
      return vi
        ? `Phần mới của “${course}” đã mở: ${title}`
        : `A new section of “${course}” is open: ${title}`;
    case "certificate_issued":
      return vi
        ? `Chứng chỉ khóa học “${course}” của bạn đã sẵn sàng`
        : `Your certificate for “${course}” is ready`;
    case "order_paid":
      if (d.event === "sale")
        return vi ? `Bán hàng mới: ${actor} đã mua “${course}”` : `New sale: ${actor} bought “${course}”`;
      return vi ? `Đã nhận thanh toán cho “${course}”` : `Payment received for “${course}”`;
    case "order_refunded":
      return vi
        ? `Khoản thanh toán cho “${course}” đã được hoàn tiền`
        : `Your payment for “${course}” was refunded`;
    case "review":
      return vi
        ? `${actor} đã đánh giá “${course}” ${d.rating ?? ""}★`
        : `${actor} rated “${course}” ${d.rating ?? ""}★`;
    case "moderation": {
      const what = MODERATED[d.reference ?? ""]?.[locale] ?? (vi ? "nội dung" : "content");
      if (d.event === "restored")
        return vi ? `${what} của bạn đã được khôi phục` : `Your ${what} was restored`;
      if (d.event === "kept")
        return vi ? `${what} của bạn bị báo cáo và vẫn được giữ lại` : `Your reported ${what} stays up`;
      if (d.event === "appeal_declined")
        return vi
          ? `Yêu cầu xem xét lại ${what} của bạn bị từ chối`
          : `Your review request for your ${what} was declined`;
      return vi ? `Người kiểm duyệt đã gỡ ${what} của bạn` : `A moderator took down your ${what}`;
    }
    case "ticket_reply":
      return vi ? `Phản hồi mới cho yêu cầu hỗ trợ “${title}”` : `New reply to your help request “${title}”`;
    case "study_reminder":
      return vi ? `Đến giờ học: “${course}”` : `Time to study: “${course}”`;
    case "announcement":
      return vi
        ? `${actor} đã đăng cập nhật trong “${course}”: ${title}`
        : `${actor} posted an update in “${course}”: ${title}`;
    default:
      return vi ? `Bạn có thông báo mới trên ${PLATFORM}` : `You have a new notification on ${PLATFORM}`;
  }
}

/** The notification e-mail (template "notification"); `url` is the notification's page. */
export function notificationEmail(input: {
  locale: Locale;
  recipientName: string | null;
  type: string;
  data: NotificationFacts;
  url: string;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const greeting = greet(input.locale, input.recipientName);
  const sentence = notificationSentence(input.locale, input.type, input.data);
  const paragraphs = [greeting, `${sentence}.`];
  if (input.data.excerpt) paragraphs.push(`“${input.data.excerpt}”`);
  return withCallToAction({
    template: "notification",
    locale: input.locale,
    subject: sentence,
    paragraphs,
    label: vi ? "Mở" : "Open",
    url: input.url,
    footer: vi
      ? `Bạn nhận được email này theo cài đặt thông báo của bạn trên ${PLATFORM}.`
      : `You receive this e-mail because of your notification settings on ${PLATFORM}.`,
  });
}
