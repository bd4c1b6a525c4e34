/**
 * What the order e-mails say (issue 11, issue 23 §9): the facts of one order for the e-mail
 * templates, in the recipient's language, and the seller lines on the student's receipt.
 */
import { DELETED_STUDENT_LABELS } from "@academy/shared";
import type { Locale } from "../../email/templates.ts";
import type * as q from "./payments.queries.ts";
import { sellerLines } from "./receipt-lines.ts";

/** The e-mail language of a stored locale: English only when set so, else Vietnamese. */
export function lang(locale: string | null | undefined): Locale {
  return locale === "en" ? "en" : "vi";
}

/**
 * The facts of `order` for an e-mail template to the creator or the student (`to`): language,
 * school, recipient, course, reference, amount (smallest unit) and currency, method, the student
 * as the creator sees them, the link `url`, and for the student the seller lines of the receipt.
 */
export function facts(
  ctx: NonNullable<Awaited<ReturnType<typeof q.orderContext>>>,
  order: q.OrderRecord,
  to: "creator" | "student",
  url: string,
) {
  return {
    locale: lang(to === "creator" ? ctx.creator_locale : ctx.student_locale),
    schoolName: ctx.school_name,
    recipientName: to === "creator" ? ctx.creator_name : ctx.student_name,
    courseTitle: ctx.course_title,
    reference: order.reference,
    amount: order.amount,
    currency: order.currency,
    method: order.method ?? (order.provider === "coupon" ? "coupon" : null),
    studentLabel:
      ctx.student_email === null
        ? DELETED_STUDENT_LABELS[lang(ctx.creator_locale)]
        : ctx.student_name
          ? `${ctx.student_name} (${ctx.student_email})`
          : ctx.student_email,
    url,
    // Receipts name the seller (issue 23 §9).
    sellerLines:
      to === "student"
        ? sellerLines(lang(ctx.student_locale), {
            schoolName: ctx.school_name,
            legalName: ctx.legal_name,
            taxCode: ctx.tax_code,
            businessAddress: ctx.business_address,
            contact: ctx.support_email ?? ctx.creator_email,
          }).map((r) => `${r.label}: ${r.value}`)
        : undefined,
  };
}
