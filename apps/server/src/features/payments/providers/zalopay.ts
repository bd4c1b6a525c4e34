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

/** yymmdd of an instant in Vietnam time (GMT+7), as ZaloPay's app_trans_id must begin. */
export function vietnamDate(at: Date): string {
  const vn = new Date(at.getTime() + 7 * 3600_000);
  const yy = String(vn.getUTCFullYear() % 100).padStart(2, "0");
  const mm = String(vn.getUTCMonth() + 1).padStart(2, "0");
  const dd = String(vn.getUTCDate()).padStart(2, "0");
  return `${yy}${mm}${dd}`;
}

/**
 * app_trans_id of attempt `n` (decision 0217): yymmdd of the moment of the /v2/create call in
 * Vietnam time (ZaloPay: "yymmdd of the current date … GMT+7") + "_" + reference + "_" + n. ZaloPay
 * refuses a reused app_trans_id (sub_return_code -68), so every create gets a new one (≤ 40).
 * Without `n`: the id used before attempts existed (`yymmdd_REFERENCE`).
 */
export function zaloPayTransId(reference: string, at: Date, n?: number): string {
  return n === undefined ? `${vietnamDate(at)}_${reference}` : `${vietnamDate(at)}_${reference}_${n}`;
}

/** The order reference inside an app_trans_id (`yymmdd_REF` or `yymmdd_REF_n`), or null. */
export function referenceFromZaloPayTransId(appTransId: unknown): string | null {
  if (typeof appTransId !== "string") return null;
  const m = /^\d{6}_([A-Z0-9]{8})(?:_\d{1,4})?$/.exec(appTransId);
  return m ? m[1] : null;
}

/** ZaloPay answered a create with return_code ≠ 1 (nothing was created). */
export class ZaloPayRefusedError extends Error {
  constructor(
    readonly returnCode: number,
    readonly subReturnCode: number,
    message: string,
  ) {
    super(`ZaloPay create failed: ${returnCode}/${subReturnCode} ${message}`);
    this.name = "ZaloPayRefusedError";
  }
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
 * POST {base}/v2/create with `expire_duration_seconds` (ZaloPay: 300–2,592,000) so the page never
 * outlives the order. @returns order_url on return_code 1.
 * @throws ZaloPayRefusedError on a refusal (e.g. -68 app_trans_id already exists),
 *   ProviderTimeoutError when ZaloPay did not answer in time, Error on a network failure.
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
    /** How long the ZaloPay page takes money, in seconds (300–2,592,000). */
    expireSeconds: number;
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
    expire_duration_seconds: Math.min(2_592_000, Math.max(300, Math.round(input.expireSeconds))),
  };
  const mac = zaloPayCreateMac(keys.key1, body);
  const answer = (await postJson(`${baseUrl}/v2/create`, { ...body, mac })) as {
    return_code?: number;
    return_message?: string;
    sub_return_code?: number;
    order_url?: string;
  };
  if (answer.return_code !== 1 || typeof answer.order_url !== "string")
    throw new ZaloPayRefusedError(
      Number(answer.return_code ?? -1),
      Number(answer.sub_return_code ?? 0),
      answer.return_message ?? "",
    );
  return { orderUrl: answer.order_url };
}

/**
 * POST {base}/v2/query (30 s time limit). return_code 1 = paid, 2 = failed (or unknown),
 * 3 = not paid yet / processing. @throws on network failure or time-out.
 */
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
