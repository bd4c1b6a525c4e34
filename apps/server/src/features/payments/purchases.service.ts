import {
  guaranteeEndsAt,
  isOrderReference,
  isWithinGuarantee,
  type OrderMethod,
  type OrderStatus,
  PURCHASE_MESSAGES,
  type PurchaseList,
  type PurchaseListQuery,
  type PurchaseRow,
  type RefundRequestStatus,
} from "@academy/shared";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { type Locale, METHOD_NAMES, moneyText, purchaseReceiptEmail } from "../../email/templates.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import * as q from "./purchases.queries.ts";
import { sellerLines } from "./receipt-lines.ts";

/** Receipt e-mails a student may ask for per hour (issue 23 §9). */
export const RECEIPT_EMAILS_PER_HOUR = 5;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * The money-back guarantee part of a purchase (issue 24 §3): the order's guarantee (days), when it
 * ends (paid_at + days), whether "Request a refund" is offered at `now` (paid, something paid,
 * inside the guarantee, no request yet, nothing refunded or pending), and the request's state.
 */
export function guaranteeOf(
  r: q.PurchaseRecord,
  now: Date = new Date(),
): Pick<PurchaseRow, "guaranteeDays" | "guaranteeEndsAt" | "canRequestRefund" | "refundRequest"> {
  const days = r.amount > 0 ? (r.guarantee_days ?? null) : null;
  return {
    guaranteeDays: days,
    guaranteeEndsAt: days && r.paid_at ? guaranteeEndsAt(r.paid_at, days).toISOString() : null,
    canRequestRefund:
      r.status === "paid" &&
      days !== null &&
      isWithinGuarantee(r.paid_at, days, now) &&
      !r.request_id &&
      r.refunded_amount === 0 &&
      !r.refund_pending,
    refundRequest: r.request_id
      ? {
          id: r.request_id,
          status: r.request_status as RefundRequestStatus,
          reason: r.request_reason,
          createdAt: iso(r.request_created_at) ?? "",
          decidedAt: iso(r.request_decided_at),
          declineReason: r.request_decline_reason,
        }
      : null,
  };
}

/**
 * GET /api/purchases (issue 23 §9): the signed-in student's orders, newest first, one page
 * (`pageSize` ≤ 50) — status, amount (smallest unit), method, dates, money refunded, and the
 * money-back guarantee with its refund request (issue 24 §3, `guaranteeOf`).
 */
export async function listMyPurchases(
  db: Db,
  actor: SessionUser,
  query: PurchaseListQuery,
): Promise<PurchaseList> {
  const { rows, total } = await q.listPurchases(db, actor.id, query.page, query.pageSize);
  return {
    purchases: rows.map((r) => ({
      reference: r.reference,
      status: r.status as OrderStatus,
      method: (r.method as OrderMethod | null) ?? null,
      courseId: r.course_id,
      courseTitle: r.course_title,
      schoolName: r.school_name,
      amount: r.amount,
      currency: r.currency,
      createdAt: iso(r.created_at) ?? "",
      paidAt: iso(r.paid_at),
      refundedAt: iso(r.refunded_at),
      refundedAmount: r.refunded_amount,
      hasReceipt: r.status === "paid" || r.status === "refunded",
      ...guaranteeOf(r),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function dateText(locale: Locale, d: Date | string): string {
  return new Intl.DateTimeFormat(locale === "vi" ? "vi-VN" : "en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Asia/Ho_Chi_Minh",
  }).format(new Date(d));
}

/** The receipt of the actor's own paid or refunded order. @throws AppError NOT_FOUND receiptNotFound */
async function receiptOf(db: Db, actor: SessionUser, reference: string) {
  const r = isOrderReference(reference) ? await q.findReceipt(db, actor.id, reference) : undefined;
  if (!r || (r.status !== "paid" && r.status !== "refunded"))
    throw new AppError("NOT_FOUND", PURCHASE_MESSAGES.receiptNotFound);
  const locale: Locale = r.buyer_locale === "en" ? "en" : "vi";
  const vi = locale === "vi";
  const method = r.method ? (METHOD_NAMES[r.method]?.[locale] ?? r.method) : "—";
  const rows = [
    ...sellerLines(locale, {
      schoolName: r.school_name ?? r.creator_name,
      legalName: r.legal_name,
      taxCode: r.tax_code,
      businessAddress: r.business_address,
      contact: r.support_email ?? r.creator_email,
    }),
    {
      label: vi ? "Người mua" : "Buyer",
      value: r.buyer_name ? `${r.buyer_name} (${r.buyer_email})` : r.buyer_email,
    },
    { label: vi ? "Khóa học" : "Course", value: r.course_title },
    { label: vi ? "Số tiền" : "Amount", value: moneyText(locale, r.amount, r.currency) },
    { label: vi ? "Phương thức" : "Method", value: method },
    { label: vi ? "Mã đơn hàng" : "Order reference", value: r.reference },
    { label: vi ? "Ngày thanh toán" : "Paid on", value: r.paid_at ? dateText(locale, r.paid_at) : "—" },
    ...(r.refunded_amount > 0 || r.status === "refunded"
      ? [
          {
            label: vi ? "Đã hoàn tiền" : "Refunded",
            value: `${moneyText(locale, r.refunded_amount || r.amount, r.currency)}${r.refunded_at ? ` · ${dateText(locale, r.refunded_at)}` : ""}`,
          },
        ]
      : []),
  ];
  return { r, locale, rows, title: vi ? `Biên nhận ${r.reference}` : `Receipt ${r.reference}` };
}

/**
 * GET /api/purchases/{reference}/receipt.pdf: the receipt as a PDF in the buyer's language —
 * seller (school, legal name, tax code, address, contact when filled), buyer, course, amount,
 * method, reference, paid date and any refund. @throws AppError NOT_FOUND (not the actor's, or unpaid)
 */
export async function receiptPdf(db: Db, actor: SessionUser, reference: string): Promise<Uint8Array> {
  const { locale, rows, title } = await receiptOf(db, actor, reference);
  // pdf-lib and fontkit load with the first receipt, not at server start (~70 ms of a start's
  // ~1.9 s went to evaluating fontkit; issue 17 §12's 2 s start).
  const { renderReceiptPdf } = await import("./receipt-pdf.ts");
  return renderReceiptPdf({
    title,
    rows,
    footer:
      locale === "vi"
        ? "Biên nhận thanh toán khóa học trực tuyến, lập thay mặt người bán nêu trên."
        : "Receipt for an online course payment, issued on behalf of the seller named above.",
  });
}

/**
 * POST /api/purchases/{reference}/receipt-email: the same receipt to the buyer's e-mail through the
 * outbox, at most RECEIPT_EMAILS_PER_HOUR per student.
 * @throws AppError NOT_FOUND, RATE_LIMITED tooManyReceiptEmails
 */
export async function emailReceipt(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  actor: SessionUser,
  reference: string,
): Promise<void> {
  const { r, locale, rows } = await receiptOf(deps.db, actor, reference);
  if (!(await hitRateLimit(deps.db, `receipt-email:${actor.id}`, 3600, RECEIPT_EMAILS_PER_HOUR)))
    throw new AppError("RATE_LIMITED", PURCHASE_MESSAGES.tooManyReceiptEmails);
  await deps.mailer.send(deps.db, {
    to: r.buyer_email,
    ...purchaseReceiptEmail({
      locale,
      schoolName: r.school_name,
      recipientName: r.buyer_name,
      reference: r.reference,
      courseTitle: r.course_title,
      lines: rows.map((row) => `${row.label}: ${row.value}`),
      url: `${deps.appUrl}/dashboard/account#purchases`,
    }),
  });
}
