import { hmacSha256Hex, postJson } from "./hmac.ts";
import type { MomoKeys } from "./momo.ts";

/**
 * MoMo Payment Gateway v2 refund (issue 23 §7, payments audit D10). Sources:
 * - MoMo, "Reverse & Refund" — https://developers.momo.vn/v3/docs/payment/api/payment-api/refund
 *   (`POST /v2/gateway/api/refund`; fields partnerCode, orderId, requestId, amount, transId, lang,
 *   description, signature; "orderId (new) of the refund transaction which must be different from
 *   orderId of the original purchase transaction"; requestId is MoMo's idempotency key; "Minimum
 *   timeout when call this API must be 30s"; amount 1,000–50,000,000 VND; resultCode 0 = success).
 * - MoMo, "List Result Codes" — https://developers.momo.vn/v3/docs/payment/api/result-handling/resultcode
 *   (1000/7000/7002 = in progress; anything else non-zero is a refusal with `message`).
 * The official sample repository `momo-wallet/payment` (d4746c5d) has only the older RSA refund
 * (`/pay/refund`, c#/MoMo/MoMoForm.cs), not this v2 call.
 */

/** Raw signature of a refund: accessKey&amount&description&orderId&partnerCode&requestId&transId. */
export function momoRefundRaw(
  keys: MomoKeys,
  r: { amount: number; description: string; orderId: string; requestId: string; transId: string },
): string {
  return `accessKey=${keys.accessKey}&amount=${r.amount}&description=${r.description}&orderId=${r.orderId}&partnerCode=${keys.partnerCode}&requestId=${r.requestId}&transId=${r.transId}`;
}

/** MoMo's documented minimum client timeout for refund calls (30 s). */
export const MOMO_REFUND_TIMEOUT_MS = 30_000;

/** Result codes MoMo uses for "still being processed" (the refund is neither done nor refused). */
const IN_PROGRESS = new Set([1000, 7000, 7002]);

export type ProviderRefundResult =
  | { status: "succeeded"; providerRefundId: string; raw: unknown }
  | { status: "pending"; providerRefundId: string; raw: unknown }
  | { status: "failed"; providerRefundId: string; reason: string; raw: unknown };

/**
 * POST {base}/v2/gateway/api/refund for `amount` whole VND of MoMo transaction `transId`.
 * `orderId` must be NEW and unique per refund (never the purchase's orderId); it is also sent as
 * `requestId`, so re-sending the same refund after a lost answer is idempotent at MoMo.
 * @returns succeeded (resultCode 0), pending (in progress) or failed with MoMo's message.
 * @throws Error on a network failure, a timeout (30 s) or an answer without JSON — the outcome is
 *   then unknown and the caller keeps the refund pending and re-sends it later.
 */
export async function momoRefund(
  baseUrl: string,
  keys: MomoKeys,
  input: { orderId: string; transId: string; amount: number; description: string; lang: "vi" | "en" },
  timeoutMs = MOMO_REFUND_TIMEOUT_MS,
): Promise<ProviderRefundResult> {
  const requestId = input.orderId;
  const signed = {
    amount: input.amount,
    description: input.description,
    orderId: input.orderId,
    requestId,
    transId: input.transId,
  };
  const answer = (await postJson(
    `${baseUrl}/v2/gateway/api/refund`,
    {
      partnerCode: keys.partnerCode,
      orderId: input.orderId,
      requestId,
      amount: input.amount,
      transId: Number(input.transId),
      lang: input.lang,
      description: input.description,
      signature: hmacSha256Hex(keys.secretKey, momoRefundRaw(keys, signed)),
    },
    timeoutMs,
  )) as { resultCode?: number; message?: string };
  const code = Number(answer.resultCode ?? -1);
  if (code === 0) return { status: "succeeded", providerRefundId: input.orderId, raw: answer };
  if (IN_PROGRESS.has(code)) return { status: "pending", providerRefundId: input.orderId, raw: answer };
  return {
    status: "failed",
    providerRefundId: input.orderId,
    reason: `MoMo ${code}: ${answer.message ?? "refused"}`.slice(0, 500),
    raw: answer,
  };
}
