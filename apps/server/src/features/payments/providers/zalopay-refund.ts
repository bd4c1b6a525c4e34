import { hmacSha256Hex, postJson } from "./hmac.ts";
import type { ProviderRefundResult } from "./momo-refund.ts";
import type { ZaloPayKeys } from "./zalopay.ts";

/**
 * ZaloPay v2 refund (issue 23 §7, payments audit D10). Source: the official Node SDK
 * `zalopay-oss/zalopay-nodejs` at 6e334cc9 — `specs/zlp.yaml` (`POST /v2/refund`,
 * RefundCreateRequest: app_id, m_refund_id "Format: yymmdd_appid_xxxxxxxxxx", zp_trans_id, amount,
 * timestamp (ms), description, mac = HMAC-SHA256(key1, app_id|zp_trans_id|amount|description|
 * timestamp); `POST /v2/query_refund`, mac = HMAC-SHA256(key1, app_id|m_refund_id|timestamp),
 * return_code 1 SUCCESS, 2 FAIL, 3 PROCESSING) and `src/zalopay/services/refund.ts` (the same MAC
 * inputs). The yymmdd is the current date in Vietnam time (GMT+7), as for app_trans_id
 * (https://docs.zalopay.vn/docs/specs/order-create). A refund may answer "processing" (3): its
 * final result comes from /v2/query_refund.
 */

/** yymmdd of `at` in Vietnam time (GMT+7). */
function vnDate(at: Date): string {
  const vn = new Date(at.getTime() + 7 * 3600_000);
  return `${String(vn.getUTCFullYear() % 100).padStart(2, "0")}${String(vn.getUTCMonth() + 1).padStart(2, "0")}${String(vn.getUTCDate()).padStart(2, "0")}`;
}

/**
 * m_refund_id `yymmdd_appid_xxx`: the date of the call in Vietnam time, the app id and `unique`
 * (letters and digits of our refund row id, so every refund has its own).
 */
export function zaloPayRefundId(appId: string, unique: string, at = new Date()): string {
  return `${vnDate(at)}_${appId}_${unique.replace(/[^0-9A-Za-z]/g, "").slice(0, 20)}`;
}

export function zaloPayRefundMac(
  key1: string,
  r: { app_id: string | number; zp_trans_id: string; amount: number; description: string; timestamp: number },
): string {
  return hmacSha256Hex(key1, `${r.app_id}|${r.zp_trans_id}|${r.amount}|${r.description}|${r.timestamp}`);
}

function outcome(
  mRefundId: string,
  answer: {
    return_code?: number;
    return_message?: string;
    sub_return_code?: number;
    sub_return_message?: string;
  },
): ProviderRefundResult {
  const code = Number(answer.return_code ?? -1);
  if (code === 1) return { status: "succeeded", providerRefundId: mRefundId, raw: answer };
  if (code === 3) return { status: "pending", providerRefundId: mRefundId, raw: answer };
  const message = answer.sub_return_message || answer.return_message || "refused";
  return {
    status: "failed",
    providerRefundId: mRefundId,
    reason: `ZaloPay ${code}/${answer.sub_return_code ?? ""}: ${message}`.slice(0, 500),
    raw: answer,
  };
}

/**
 * POST {base}/v2/refund: refunds `amount` whole VND of ZaloPay transaction `zpTransId` under our
 * `mRefundId` (zaloPayRefundId). @returns succeeded (1), pending (3, processing: ask
 * zaloPayQueryRefund later) or failed with ZaloPay's message.
 * @throws Error on a network failure, a timeout or an answer without JSON (outcome unknown: the
 *   caller keeps the refund pending and asks /v2/query_refund later).
 */
export async function zaloPayRefund(
  baseUrl: string,
  keys: ZaloPayKeys,
  input: { mRefundId: string; zpTransId: string; amount: number; description: string },
  timeoutMs = 30_000,
): Promise<ProviderRefundResult> {
  const body = {
    app_id: Number(keys.appId),
    m_refund_id: input.mRefundId,
    zp_trans_id: input.zpTransId,
    amount: input.amount,
    timestamp: Date.now(),
    description: input.description,
  };
  const answer = (await postJson(
    `${baseUrl}/v2/refund`,
    { ...body, mac: zaloPayRefundMac(keys.key1, body) },
    timeoutMs,
  )) as Parameters<typeof outcome>[1];
  return outcome(input.mRefundId, answer);
}

/**
 * POST {base}/v2/query_refund for `mRefundId`. @returns succeeded (1), pending (3, still
 * processing) or failed (2 and other codes) with ZaloPay's message. @throws as zaloPayRefund.
 */
export async function zaloPayQueryRefund(
  baseUrl: string,
  keys: ZaloPayKeys,
  mRefundId: string,
  timeoutMs = 30_000,
): Promise<ProviderRefundResult> {
  const timestamp = Date.now();
  const answer = (await postJson(
    `${baseUrl}/v2/query_refund`,
    {
      app_id: Number(keys.appId),
      m_refund_id: mRefundId,
      timestamp,
      mac: hmacSha256Hex(keys.key1, `${keys.appId}|${mRefundId}|${timestamp}`),
    },
    timeoutMs,
  )) as Parameters<typeof outcome>[1];
  return outcome(mRefundId, answer);
}
