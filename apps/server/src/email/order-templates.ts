import {
  type EmailBrand,
  greet,
  type Locale,
  PLATFORM,
  type RenderedEmail,
  withCallToAction,
} from "./layout.ts";

// Payment e-mails (issue 11 §6; issue 23): order states, receipts and refunds.

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

/** A payment date for an e-mail: long date in Vietnam time, in the recipient's language. */
function paidDateText(locale: Locale, paidAt: Date | string): string {
  return new Intl.DateTimeFormat(locale === "vi" ? "vi-VN" : "en-GB", {
    dateStyle: "long",
    timeZone: "Asia/Ho_Chi_Minh",
  }).format(new Date(paidAt));
}

/**
 * To the creator: a buyer asks for a refund under the course's money-back guarantee (issue 24 §3).
 * `guaranteeDays` in days; `paidAt` the order's payment instant; `reason` the student's words or
 * null. The call to action opens Earnings, where the request waits.
 */
export function refundRequestedEmail(
  o: OrderEmailFacts & { guaranteeDays: number; paidAt: Date | string; reason: string | null },
): RenderedEmail {
  const vi = o.locale === "vi";
  return withCallToAction({
    template: "refund-requested",
    brand: o.schoolName,
    locale: o.locale,
    subject: vi
      ? `Yêu cầu hoàn tiền đơn ${o.reference}: ${o.courseTitle}`
      : `Refund request for order ${o.reference}: ${o.courseTitle}`,
    paragraphs: [
      greet(o.locale, o.recipientName),
      vi
        ? `${o.studentLabel} yêu cầu hoàn tiền theo cam kết hoàn tiền trong ${o.guaranteeDays} ngày của bạn (đã thanh toán ngày ${paidDateText(o.locale, o.paidAt)}).`
        : `${o.studentLabel} asks for a refund under your ${o.guaranteeDays}-day money-back guarantee (paid ${paidDateText(o.locale, o.paidAt)}).`,
      ...(o.reason ? [vi ? `Lý do: ${o.reason}` : `Reason: ${o.reason}`] : []),
      ...orderLines(o),
      vi
        ? "Hãy chấp nhận và hoàn tiền, hoặc từ chối kèm lý do, trong mục Doanh thu & Giới thiệu."
        : "Approve and refund it, or decline it with a reason, in Earnings & Referrals.",
    ],
    label: vi ? "Mở Doanh thu & Giới thiệu" : "Open Earnings & Referrals",
    url: o.url,
    footer: vi
      ? `Bạn nhận được email này vì bạn bán khóa học trên ${PLATFORM}.`
      : `You receive this because you sell courses on ${PLATFORM}.`,
  });
}

/** To the student: the creator declined their refund request, with the creator's reason (issue 24 §3). */
export function refundRequestDeclinedEmail(o: OrderEmailFacts & { reason: string }): RenderedEmail {
  const vi = o.locale === "vi";
  return withCallToAction({
    template: "refund-request-declined",
    brand: o.schoolName,
    locale: o.locale,
    subject: vi
      ? `Yêu cầu hoàn tiền đơn ${o.reference} bị từ chối`
      : `Your refund request for order ${o.reference} was declined`,
    paragraphs: [
      greet(o.locale, o.recipientName),
      vi
        ? `Giáo viên đã từ chối yêu cầu hoàn tiền của bạn. Lý do: ${o.reason}`
        : `The teacher declined your refund request. Reason: ${o.reason}`,
      vi ? "Bạn vẫn giữ quyền truy cập khóa học." : "You keep your access to the course.",
      ...orderLines(o),
    ],
    label: vi ? "Xem các giao dịch" : "See your purchases",
    url: o.url,
    footer: vi ? "Hãy nhắn cho giáo viên nếu bạn có câu hỏi." : "Message the teacher if you have questions.",
  });
}
