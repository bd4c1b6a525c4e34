import {
  type EmailBrand,
  greet,
  joinTitles,
  type Locale,
  PLATFORM,
  type RenderedEmail,
  withCallToAction,
} from "./layout.ts";

// Account and course e-mails: verification, course updates, invitations, notifications to students.

/** The school named in an invitation: its name, or a generic phrase. */
function school(locale: Locale, name: string | null | undefined): string {
  return name?.trim() || (locale === "vi" ? "trường của giảng viên" : "your teacher's school");
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
  const greeting = greet(input.locale, input.studentName);
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
 * A drip section opened for a student (issue 27 §1): the course, the section and a link to its
 * first lesson in the player. The school's brand like other course e-mails; en + vi.
 */
export function sectionOpenedEmail(input: {
  locale: Locale;
  studentName: string | null;
  courseTitle: string;
  sectionTitle: string;
  url: string;
  schoolName?: string | null;
  /** The school's brand (logo, colour), issue 15. */
  school?: EmailBrand | null;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const greeting = greet(input.locale, input.studentName);
  return withCallToAction({
    template: "section-opened",
    school: input.school,
    brand: input.schoolName,
    locale: input.locale,
    subject: vi
      ? `Phần mới đã mở: ${input.sectionTitle} — ${input.courseTitle}`
      : `New section open: ${input.sectionTitle} — ${input.courseTitle}`,
    paragraphs: [
      greeting,
      vi
        ? `Phần "${input.sectionTitle}" của khóa học "${input.courseTitle}" đã mở. Bạn có thể học ngay bây giờ.`
        : `The section "${input.sectionTitle}" of "${input.courseTitle}" is now open. You can start it now.`,
    ],
    label: vi ? "Học ngay" : "Start learning",
    url: input.url,
    footer: vi
      ? `Bạn nhận được email này vì bạn đã ghi danh vào khóa học trên ${PLATFORM}.`
      : `You receive this email because you are enrolled in this course on ${PLATFORM}.`,
  });
}
