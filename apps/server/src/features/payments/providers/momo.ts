import { hmacSha256Hex, postJson, signaturesEqual } from "./hmac.ts";

/**
 * MoMo Payment Gateway API v2, "captureWallet" (one-time payment; https://developers.momo.vn,
 * "One-Time Payments" → "Create payment", "IPN", "Query transaction status"). Every request and
 * the IPN carry an HMAC-SHA256 (secretKey) `signature` over `key=value` pairs joined by `&`, keys
 * in alphabetical order as documented below. Amounts are whole VND.
 */

/** Production and sandbox hosts; MOMO_BASE_URL overrides both (tests, a proxy). */
export const MOMO_HOSTS = {
  production: "https://payment.momo.vn",
  sandbox: "https://test-payment.momo.vn",
} as const;

export interface MomoKeys {
  partnerCode: string;
  accessKey: string;
  secretKey: string;
}

/** The create request's raw signature: accessKey, amount, extraData, ipnUrl, orderId, orderInfo, partnerCode, redirectUrl, requestId, requestType. */
export function momoCreateRaw(
  keys: MomoKeys,
  r: {
    amount: number;
    extraData: string;
    ipnUrl: string;
    orderId: string;
    orderInfo: string;
    redirectUrl: string;
    requestId: string;
    requestType: string;
  },
): string {
  return `accessKey=${keys.accessKey}&amount=${r.amount}&extraData=${r.extraData}&ipnUrl=${r.ipnUrl}&orderId=${r.orderId}&orderInfo=${r.orderInfo}&partnerCode=${keys.partnerCode}&redirectUrl=${r.redirectUrl}&requestId=${r.requestId}&requestType=${r.requestType}`;
}

/** The fields of an IPN (and of the redirect's query string) that MoMo signs. */
export interface MomoResult {
  partnerCode: string;
  orderId: string;
  requestId: string;
  amount: number | string;
  orderInfo: string;
  orderType: string;
  transId: number | string;
  resultCode: number | string;
  message: string;
  payType: string;
  responseTime: number | string;
  extraData: string;
  signature: string;
}

/** The IPN's raw signature: accessKey, amount, extraData, message, orderId, orderInfo, orderType, partnerCode, payType, requestId, responseTime, resultCode, transId. */
export function momoResultRaw(accessKey: string, r: Omit<MomoResult, "signature">): string {
  return `accessKey=${accessKey}&amount=${r.amount}&extraData=${r.extraData}&message=${r.message}&orderId=${r.orderId}&orderInfo=${r.orderInfo}&orderType=${r.orderType}&partnerCode=${r.partnerCode}&payType=${r.payType}&requestId=${r.requestId}&responseTime=${r.responseTime}&resultCode=${r.resultCode}&transId=${r.transId}`;
}

/** True when an IPN's `signature` is HMAC-SHA256(secretKey, momoResultRaw) — compared in constant time. */
export function verifyMomoResult(keys: MomoKeys, body: Record<string, unknown>): boolean {
  const fields = [
    "partnerCode",
    "orderId",
    "requestId",
    "amount",
    "orderInfo",
    "orderType",
    "transId",
    "resultCode",
    "message",
    "payType",
    "responseTime",
    "extraData",
  ];
  for (const f of fields) {
    const v = body[f];
    if (typeof v !== "string" && typeof v !== "number") return false;
  }
  const raw = momoResultRaw(keys.accessKey, body as unknown as MomoResult);
  return signaturesEqual(hmacSha256Hex(keys.secretKey, raw), body.signature);
}

/** MoMo answered a create with a resultCode other than 0 (a refusal: nothing was created). */
export class MomoRefusedError extends Error {
  constructor(
    readonly resultCode: number,
    message: string,
  ) {
    super(`MoMo create failed: ${resultCode} ${message}`);
    this.name = "MomoRefusedError";
  }
}

/**
 * MoMo orderId of attempt `n` of an order (decision 0217): `REFERENCE-n`. MoMo refuses a reused
 * orderId (resultCode 41), so every create gets a new one; it matches MoMo's orderId pattern
 * `^[0-9a-zA-Z]([-_.]*[0-9a-zA-Z]+)*$`.
 */
export function momoAttemptOrderId(reference: string, n: number): string {
  return `${reference}-${n}`;
}

/**
 * POST {base}/v2/gateway/api/create with requestType captureWallet (30 s time limit, MoMo's
 * documented minimum). `requestId` is unique per call (idempotency at MoMo).
 * @returns payUrl on resultCode 0.
 * @throws MomoRefusedError on another resultCode (e.g. 41 duplicated orderId), ProviderTimeoutError
 *   when MoMo did not answer in time (the payment may exist), Error on a network failure.
 */
export async function momoCreatePayment(
  baseUrl: string,
  keys: MomoKeys,
  input: {
    orderId: string;
    amount: number;
    orderInfo: string;
    redirectUrl: string;
    ipnUrl: string;
    lang: "vi" | "en";
  },
): Promise<{ payUrl: string; requestId: string }> {
  const requestId = `${input.orderId}-${Date.now()}`.slice(0, 50);
  const base = {
    amount: input.amount,
    extraData: "",
    ipnUrl: input.ipnUrl,
    orderId: input.orderId,
    orderInfo: input.orderInfo,
    redirectUrl: input.redirectUrl,
    requestId,
    requestType: "captureWallet",
  };
  const signature = hmacSha256Hex(keys.secretKey, momoCreateRaw(keys, base));
  const answer = (await postJson(`${baseUrl}/v2/gateway/api/create`, {
    partnerCode: keys.partnerCode,
    ...base,
    lang: input.lang,
    autoCapture: true,
    signature,
  })) as { resultCode?: number; message?: string; payUrl?: string };
  if (answer.resultCode !== 0 || typeof answer.payUrl !== "string")
    throw new MomoRefusedError(Number(answer.resultCode ?? -1), answer.message ?? "");
  return { payUrl: answer.payUrl, requestId };
}

/**
 * POST {base}/v2/gateway/api/query (signature over accessKey, orderId, partnerCode, requestId;
 * 30 s time limit). `orderId` is the attempt's MoMo orderId.
 * @returns resultCode (0 = paid and captured; 1000/7000/7002/8000/9000 = not final; others =
 *   failed), transId and amount as MoMo reports them, and the payment's refunds (`refundTrans`:
 *   through the API or MoMo's portal). @throws on network failure or time-out.
 */
export async function momoQuery(
  baseUrl: string,
  keys: MomoKeys,
  orderId: string,
): Promise<{
  resultCode: number;
  transId: string;
  amount: number;
  refunds: MomoRefundTrans[];
  raw: unknown;
}> {
  const requestId = `${orderId}-q${Date.now()}`.slice(0, 50);
  const raw = `accessKey=${keys.accessKey}&orderId=${orderId}&partnerCode=${keys.partnerCode}&requestId=${requestId}`;
  const answer = (await postJson(`${baseUrl}/v2/gateway/api/query`, {
    partnerCode: keys.partnerCode,
    requestId,
    orderId,
    lang: "en",
    signature: hmacSha256Hex(keys.secretKey, raw),
  })) as { resultCode?: number; transId?: number | string; amount?: number; refundTrans?: unknown };
  return {
    resultCode: Number(answer.resultCode ?? -1),
    transId: String(answer.transId ?? ""),
    amount: Number(answer.amount ?? 0),
    refunds: Array.isArray(answer.refundTrans)
      ? answer.refundTrans
          .filter((t): t is Record<string, unknown> => typeof t === "object" && t !== null)
          .map((t) => ({
            orderId: String(t.orderId ?? ""),
            transId: String(t.transId ?? ""),
            amount: Number(t.amount ?? 0),
            resultCode: Number(t.resultCode ?? -1),
          }))
      : [],
    raw: answer,
  };
}

/**
 * One refund of a MoMo payment as the query lists it (`refundTrans`): made through Academy
 * (`orderId` = the refund's own orderId Academy sent) or in the MoMo Business portal. `amount`
 * in whole VND; `resultCode` 0 = refunded.
 */
export interface MomoRefundTrans {
  orderId: string;
  transId: string;
  amount: number;
  resultCode: number;
}

/**
 * MoMo resultCodes that are not final (documented "List Result Codes"): 1000 initiated / waiting
 * for the user, 7000 and 7002 being processed, 8000 on hold, 9000 authorised but not captured.
 * Only 0 means paid (captured). Any other code is a final failure of that attempt.
 */
export const MOMO_PENDING_CODES: readonly number[] = [1000, 7000, 7002, 8000, 9000];
