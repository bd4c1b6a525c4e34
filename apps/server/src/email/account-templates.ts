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
