/**
 * The payment methods a course takes (issue 11 §2, issue 23 §5): the enabled methods of its
 * landing page as the buyer sees them, whether a course can be sold (`sellingMethods`,
 * `paymentSetup`), and the decrypted provider keys and hosts of one stored method (MoMo, ZaloPay,
 * Stripe), read only at the moment of use (DESIGN §6).
 */
import { type CheckoutMethod, findNapasBank, methodUnavailableReason } from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import { openJson } from "../../lib/secret-box.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { MOMO_HOSTS, type MomoKeys } from "./providers/momo.ts";
import { ZALOPAY_HOSTS, type ZaloPayKeys } from "./providers/zalopay.ts";

/** Decrypted secret fields of a stored payment method (only at the moment of use, DESIGN §6). */
function secretsOf(key: Buffer, row: q.MethodRow): Record<string, string> {
  return row.secret_data ? openJson<Record<string, string>>(key, row.secret_data) : {};
}

/** A creator's MoMo keys from a stored method, or null when incomplete. */
export function momoKeysOf(key: Buffer, row: q.MethodRow): MomoKeys | null {
  const s = secretsOf(key, row);
  const partnerCode = row.configuration?.partnerCode ?? "";
  if (!partnerCode || !s.accessKey || !s.secretKey) return null;
  return { partnerCode, accessKey: s.accessKey, secretKey: s.secretKey };
}

/** A creator's ZaloPay keys from a stored method, or null when incomplete. */
export function zaloPayKeysOf(key: Buffer, row: q.MethodRow): ZaloPayKeys | null {
  const s = secretsOf(key, row);
  const appId = row.configuration?.appId ?? "";
  if (!/^\d+$/.test(appId) || !s.key1 || !s.key2) return null;
  return { appId, key1: s.key1, key2: s.key2 };
}

/** A creator's Stripe keys (secret key and webhook signing secret), or null when incomplete. */
export function stripeKeysOf(
  key: Buffer,
  row: q.MethodRow,
): { secretKey: string; webhookSecret: string } | null {
  const s = secretsOf(key, row);
  if (!s.secretKey || !s.webhookSecret) return null;
  return { secretKey: s.secretKey, webhookSecret: s.webhookSecret };
}

/** The provider environment a stored method points at ("production" only when set so). */
export function hostMode(row: q.MethodRow): "production" | "sandbox" {
  return row.configuration?.mode === "production" ? "production" : "sandbox";
}

/** MoMo's API base for a stored method: MOMO_BASE_URL when set, else the host of its mode. */
export function momoBase(deps: Pick<PaymentDeps, "env">, row: q.MethodRow): string {
  return deps.env.payments?.momoBaseUrl ?? MOMO_HOSTS[hostMode(row)];
}

/** ZaloPay's API base for a stored method: ZALOPAY_BASE_URL when set, else the host of its mode. */
export function zaloPayBase(deps: Pick<PaymentDeps, "env">, row: q.MethodRow): string {
  return deps.env.payments?.zaloPayBaseUrl ?? ZALOPAY_HOSTS[hostMode(row)];
}

/** The public part of an enabled method as the buyer sees it, or null when it cannot be used. */
function toCheckoutMethod(row: q.MethodRow): CheckoutMethod | null {
  const c = row.configuration ?? {};
  switch (row.method_type) {
    case "vietqr": {
      const bank = findNapasBank(c.bankCode);
      if (!bank || !/^\d{6,19}$/.test(c.accountNumber ?? "")) return null;
      return {
        type: "vietqr",
        bankName: bank.shortName,
        bankBin: bank.bin,
        accountNumber: c.accountNumber,
        accountHolder: c.accountHolder ?? "",
      };
    }
    case "bank-transfer":
      if (!c.accountNumber) return null;
      return {
        type: "bank-transfer",
        bankName: c.bankName ?? "",
        accountNumber: c.accountNumber,
        accountHolder: c.accountHolder ?? "",
        swiftCode: c.swiftCode ?? "",
      };
    case "cash":
      return { type: "cash", stores: c.stores ?? "", instructions: c.instructions ?? "" };
    case "momo":
    case "zalopay":
      return { type: row.method_type };
    case "credit-card":
      return { type: "credit-card" };
    default:
      return null;
  }
}

/** Methods a course takes from `pageId` (enabled, not archived, usable), with their rows. */
export async function methodsOfPage(db: Executor, pageId: string | null) {
  if (!pageId) return [];
  const rows = await q.listEnabledMethods(db, pageId);
  return rows
    .map((row) => ({ row, method: toCheckoutMethod(row) }))
    .filter((m): m is { row: q.MethodRow; method: CheckoutMethod } => m.method !== null);
}

/**
 * Whether a course can be paid for (issue 11 §2): the enabled methods of the landing page the
 * visitor came from (`landingSlug`, when connected to the course and published), else of the
 * course's most recently published landing page. @returns the page id and method types.
 */
export async function sellingMethods(
  db: Db,
  courseId: string,
  landingSlug?: string,
  price?: { amount: number; currency: string },
) {
  const pageId = await q.findSellingPage(db, courseId, landingSlug);
  const methods = await methodsOfPage(db, pageId);
  return {
    pageId,
    // Issue 23 §5: with `price` (smallest unit), methods that cannot take it are left out.
    types: methods
      .map((m) => m.method.type)
      .filter((type) => !price || methodUnavailableReason(type, price.amount, price.currency) === null),
  };
}

/**
 * Whether buyers can pay for a course (issue 11 §2, the publish warning): `ready` when /join would
 * offer at least one usable method (the course's most recently published landing page); and the
 * landing page where payment is set up (the course's most recently updated page, any status), or
 * null when the course has none yet. Says nothing about the price: callers decide whether the
 * course is paid.
 */
export async function paymentSetup(
  db: Db,
  courseId: string,
): Promise<{ ready: boolean; landingPageId: string | null }> {
  const { types } = await sellingMethods(db, courseId);
  return { ready: types.length > 0, landingPageId: await q.latestPageOfCourse(db, courseId) };
}
