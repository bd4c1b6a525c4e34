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

/**
 * POST {base}/v2/gateway/api/create with requestType captureWallet.
 * @returns payUrl on resultCode 0.
 * @throws Error with MoMo's message on another resultCode, a network failure or a timeout.
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
  const requestId = `${input.orderId}-${Date.now()}`;
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
    throw new Error(`MoMo create failed: ${answer.resultCode} ${answer.message ?? ""}`);
  return { payUrl: answer.payUrl, requestId };
}

/**
 * POST {base}/v2/gateway/api/query (signature over accessKey, orderId, partnerCode, requestId).
 * @returns resultCode (0 = paid), transId and amount as MoMo reports them.
 */
export async function momoQuery(
  baseUrl: string,
  keys: MomoKeys,
  orderId: string,
): Promise<{ resultCode: number; transId: string; amount: number; raw: unknown }> {
  const requestId = `${orderId}-q${Date.now()}`;
  const raw = `accessKey=${keys.accessKey}&orderId=${orderId}&partnerCode=${keys.partnerCode}&requestId=${requestId}`;
  const answer = (await postJson(`${baseUrl}/v2/gateway/api/query`, {
    partnerCode: keys.partnerCode,
    requestId,
    orderId,
    lang: "en",
    signature: hmacSha256Hex(keys.secretKey, raw),
  })) as { resultCode?: number; transId?: number | string; amount?: number };
  return {
    resultCode: Number(answer.resultCode ?? -1),
    transId: String(answer.transId ?? ""),
    amount: Number(answer.amount ?? 0),
    raw: answer,
  };
}
