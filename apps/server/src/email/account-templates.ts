import { greet, type Locale, PLATFORM, type RenderedEmail, withCallToAction } from "./layout.ts";

/**
 * The password-reset e-mail (issue 16 item 5): `url` opens /reset-password with a one-time token
 * valid for 1 hour; using it signs every session of the account out.
 */
export function resetPasswordEmail(input: {
  locale: Locale;
  name: string | null;
  url: string;
}): RenderedEmail {
  const vi = input.locale === "vi";
  return withCallToAction({
    template: "reset-password",
    locale: input.locale,
    subject: vi ? `Đặt lại mật khẩu ${PLATFORM} của bạn` : `Reset your ${PLATFORM} password`,
    paragraphs: vi
      ? [
          greet(input.locale, input.name),
          "Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản này. Hãy chọn mật khẩu mới bằng nút bên dưới.",
          "Liên kết chỉ dùng được một lần và có hiệu lực trong 1 giờ. Khi đặt mật khẩu mới, mọi phiên đăng nhập của bạn sẽ bị đăng xuất.",
        ]
      : [
          greet(input.locale, input.name),
          "We received a request to reset the password of this account. Choose a new password with the button below.",
          "The link works once and is valid for 1 hour. Setting a new password signs you out everywhere.",
        ],
    label: vi ? "Chọn mật khẩu mới" : "Choose a new password",
    url: input.url,
    footer: vi
      ? "Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn không đổi."
      : "If you did not ask for this, ignore this email: your password stays the same.",
  });
}

/**
 * Sent when someone signs up with an address whose account was never verified (issue 16 item 5):
 * whoever owns the mailbox finishes the account by choosing its password (the reset form), so a
 * password typed by somebody else never becomes active. `url` as in `resetPasswordEmail`.
 */
export function finishAccountEmail(input: {
  locale: Locale;
  name: string | null;
  url: string;
}): RenderedEmail {
  const vi = input.locale === "vi";
  return withCallToAction({
    template: "finish-account",
    locale: input.locale,
    subject: vi ? `Hoàn tất tài khoản ${PLATFORM} của bạn` : `Finish creating your ${PLATFORM} account`,
    paragraphs: vi
      ? [
          greet(input.locale, input.name),
          `Có người (có thể là bạn) vừa đăng ký ${PLATFORM} bằng địa chỉ email này. Để hoàn tất, hãy xác minh email và chọn mật khẩu của bạn.`,
          "Liên kết chỉ dùng được một lần và có hiệu lực trong 1 giờ.",
        ]
      : [
          greet(input.locale, input.name),
          `Someone (maybe you) just signed up for ${PLATFORM} with this email address. To finish, verify your email and choose your password.`,
          "The link works once and is valid for 1 hour.",
        ],
    label: vi ? "Xác minh và chọn mật khẩu" : "Verify and choose password",
    url: input.url,
    footer: vi
      ? "Nếu bạn không đăng ký, hãy bỏ qua email này: không ai dùng được tài khoản khi chưa có mật khẩu do bạn chọn."
      : "If you did not sign up, ignore this email: nobody can use the account without a password you choose.",
  });
}

/**
 * Sent when an account signs in from a device it has not used before (issue 25 item 7): the
 * device (browser and system, from the user agent), the network (/24) and the time (UTC); the
 * button opens account settings, where the person can end sessions and change the password.
 */
export function newDeviceSignInEmail(input: {
  locale: Locale;
  name: string | null;
  device: string;
  network: string;
  when: Date;
  url: string;
}): RenderedEmail {
  const vi = input.locale === "vi";
  const when = `${input.when.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return withCallToAction({
    template: "new-device-sign-in",
    locale: input.locale,
    subject: vi ? `Đăng nhập ${PLATFORM} từ thiết bị mới` : `New sign-in to your ${PLATFORM} account`,
    paragraphs: vi
      ? [
          greet(input.locale, input.name),
          "Tài khoản của bạn vừa được đăng nhập từ một thiết bị hoặc mạng chưa từng dùng trước đây.",
          `Thiết bị: ${input.device} · Mạng: ${input.network} · Lúc: ${when}`,
          "Nếu đó là bạn, không cần làm gì thêm. Nếu không, hãy đăng xuất các phiên lạ và đổi mật khẩu ngay.",
        ]
      : [
          greet(input.locale, input.name),
          "Your account was just signed in to from a device or network it has not used before.",
          `Device: ${input.device} · Network: ${input.network} · Time: ${when}`,
          "If this was you, there is nothing to do. If not, sign out the sessions you do not know and change your password now.",
        ],
    label: vi ? "Xem thiết bị đã đăng nhập" : "Review signed-in devices",
    url: input.url,
    footer: vi
      ? "Email này được gửi để bảo vệ tài khoản của bạn."
      : "This email is sent to protect your account.",
  });
}

/** "Chrome · Windows"-style name of a user agent (the account page uses the same rule), or "unknown". */
export function deviceLabel(userAgent: string | null | undefined, locale: Locale): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Chrome\//.test(ua)
      ? "Chrome"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? (ua ? ua.slice(0, 60) : locale === "vi" ? "không rõ" : "unknown");
}
