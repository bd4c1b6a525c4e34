import {
  type EmailBrand,
  greet,
  type Locale,
  PLATFORM,
  type RenderedEmail,
  withCallToAction,
} from "./layout.ts";

// Notices: unread messages, plain notices and the community reply digest.

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
  const greeting = greet(input.locale, input.recipientName);
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
  const greeting = greet(input.locale, input.recipientName);
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
 * The study reminder (issue 27 §3, decision 0232; notification type `study_reminder`): sent at
 * most once a local day, at the student's reminder time, when they are behind their weekly goal.
 * Minutes are whole minutes; `url` continues their last course (or opens the dashboard);
 * `settingsUrl` opens the reminder settings (change the goal or turn reminders off).
 */
export function studyReminderEmail(input: {
  locale: Locale;
  recipientName: string | null;
  weekMinutes: number;
  goalMinutes: number;
  courseTitle: string | null;
  url: string;
  settingsUrl: string;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const studied = formatMinutes(input.weekMinutes, input.locale);
  const goal = formatMinutes(input.goalMinutes, input.locale);
  const subject = vi ? "Dành vài phút học hôm nay nhé" : "A few minutes of study today?";
  const course = input.courseTitle
    ? vi
      ? `Tiếp tục "${input.courseTitle}" ngay từ chỗ bạn dừng lại.`
      : `Pick up "${input.courseTitle}" where you left off.`
    : vi
      ? "Mở bảng điều khiển để chọn bài học tiếp theo."
      : "Open your dashboard to choose your next lesson.";
  const paragraphs = [
    greet(input.locale, input.recipientName),
    vi
      ? `Tuần này bạn đã học ${studied} trên mục tiêu ${goal}.`
      : `This week you have studied ${studied} of your ${goal} goal.`,
    course,
    vi
      ? `Đổi mục tiêu, giờ nhắc hoặc tắt nhắc học: ${input.settingsUrl}`
      : `Change your goal or reminder time, or turn reminders off: ${input.settingsUrl}`,
  ];
  return withCallToAction({
    template: "study-reminder",
    locale: input.locale,
    subject,
    paragraphs,
    label: input.courseTitle
      ? vi
        ? "Học tiếp"
        : "Continue learning"
      : vi
        ? "Mở bảng điều khiển"
        : "Open dashboard",
    url: input.url,
    footer: vi
      ? "Bạn nhận được email này vì đã bật nhắc học. Chúng tôi gửi tối đa một lời nhắc mỗi ngày."
      : "You get this email because you turned on study reminders. We send at most one reminder a day.",
  });
}

/** Whole minutes as "1 h 30 min" / "45 min" (en) or "1 giờ 30 phút" / "45 phút" (vi). */
function formatMinutes(minutes: number, locale: Locale): string {
  const [hUnit, mUnit] = locale === "vi" ? ["giờ", "phút"] : ["h", "min"];
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} ${mUnit}`;
  return m === 0 ? `${h} ${hUnit}` : `${h} ${hUnit} ${m} ${mUnit}`;
}
