import { hmacSha256Hex, postJson, signaturesEqual } from "./hmac.ts";

/**
 * ZaloPay API v2 (https://docs.zalopay.vn, "Create order" /v2/create, "Callback", "Query order"
 * /v2/query). mac of /create = HMAC-SHA256(key1, app_id|app_trans_id|app_user|amount|app_time|
 * embed_data|item); the callback's mac = HMAC-SHA256(key2, data) over the `data` string as sent;
 * /query's mac = HMAC-SHA256(key1, app_id|app_trans_id|key1). Amounts are whole VND.
 */

export const ZALOPAY_HOSTS = {
  production: "https://openapi.zalopay.vn",
  sandbox: "https://sb-openapi.zalopay.vn",
} as const;

export interface ZaloPayKeys {
  appId: string;
  key1: string;
  key2: string;
}

/** app_trans_id: yymmdd (Vietnam time, as ZaloPay requires) + "_" + our order reference. */
export function zaloPayTransId(reference: string, at: Date): string {
  const vn = new Date(at.getTime() + 7 * 3600_000);
  const yy = String(vn.getUTCFullYear() % 100).padStart(2, "0");
  const mm = String(vn.getUTCMonth() + 1).padStart(2, "0");
  const dd = String(vn.getUTCDate()).padStart(2, "0");
  return `${yy}${mm}${dd}_${reference}`;
}

/** The order reference inside an app_trans_id, or null. */
export function referenceFromZaloPayTransId(appTransId: unknown): string | null {
  if (typeof appTransId !== "string") return null;
  const m = /^\d{6}_([A-Z0-9]{8})$/.exec(appTransId);
  return m ? m[1] : null;
}

export function zaloPayCreateMac(
  key1: string,
  r: {
    app_id: string | number;
    app_trans_id: string;
    app_user: string;
    amount: number;
    app_time: number;
    embed_data: string;
    item: string;
  },
): string {
  return hmacSha256Hex(
    key1,
    `${r.app_id}|${r.app_trans_id}|${r.app_user}|${r.amount}|${r.app_time}|${r.embed_data}|${r.item}`,
  );
}

/** Verifies a callback body `{ data, mac, type }`: mac = HMAC(key2, data), constant time. */
export function verifyZaloPayCallback(key2: string, body: Record<string, unknown>): boolean {
  if (typeof body.data !== "string") return false;
  return signaturesEqual(hmacSha256Hex(key2, body.data), body.mac);
}

/**
 * POST {base}/v2/create. @returns order_url on return_code 1.
 * @throws Error with ZaloPay's message otherwise (network, timeout, refusal).
 */
export async function zaloPayCreateOrder(
  baseUrl: string,
  keys: ZaloPayKeys,
  input: {
    appTransId: string;
    appUser: string;
    amount: number;
    description: string;
    redirectUrl: string;
    callbackUrl: string;
  },
): Promise<{ orderUrl: string }> {
  const body = {
    app_id: Number(keys.appId),
    app_trans_id: input.appTransId,
    app_user: input.appUser,
    app_time: Date.now(),
    amount: input.amount,
    item: "[]",
    embed_data: JSON.stringify({ redirecturl: input.redirectUrl }),
    description: input.description,
    bank_code: "",
    callback_url: input.callbackUrl,
  };
  const mac = zaloPayCreateMac(keys.key1, body);
  const answer = (await postJson(`${baseUrl}/v2/create`, { ...body, mac })) as {
    return_code?: number;
    return_message?: string;
    order_url?: string;
  };
  if (answer.return_code !== 1 || typeof answer.order_url !== "string")
    throw new Error(`ZaloPay create failed: ${answer.return_code} ${answer.return_message ?? ""}`);
  return { orderUrl: answer.order_url };
}

/** POST {base}/v2/query. return_code 1 = paid, 2 = failed, 3 = not paid yet / processing. */
export async function zaloPayQuery(
  baseUrl: string,
  keys: ZaloPayKeys,
  appTransId: string,
): Promise<{ returnCode: number; zpTransId: string; amount: number; raw: unknown }> {
  const answer = (await postJson(`${baseUrl}/v2/query`, {
    app_id: Number(keys.appId),
    app_trans_id: appTransId,
    mac: hmacSha256Hex(keys.key1, `${keys.appId}|${appTransId}|${keys.key1}`),
  })) as { return_code?: number; zp_trans_id?: number | string; amount?: number };
  return {
    returnCode: Number(answer.return_code ?? -1),
    zpTransId: String(answer.zp_trans_id ?? ""),
    amount: Number(answer.amount ?? 0),
    raw: answer,
  };
}
