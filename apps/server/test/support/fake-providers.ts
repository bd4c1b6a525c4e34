import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local fake payment providers for tests and the e2e journey (issue 11): they implement the
 * documented MoMo API v2 (captureWallet create, IPN, query) and ZaloPay v2 (/v2/create, callback,
 * /v2/query) — they check the request signatures exactly as the real services do and sign their
 * callbacks with the merchant's keys. They never call the internet. NOT part of the server (src/).
 */

function hmac(key: string, data: string): string {
  return createHmac("sha256", key).update(data, "utf8").digest("hex");
}

export interface MerchantKeys {
  momo?: { partnerCode: string; accessKey: string; secretKey: string };
  zalopay?: { appId: string; key1: string; key2: string };
  stripe?: { secretKey: string; webhookSecret: string };
}

interface StripeSession {
  id: string;
  object: "checkout.session";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  payment_intent: string | null;
  expires_at: number;
  url: string;
}

/**
 * A Stripe webhook as Stripe sends it (https://docs.stripe.com/webhooks#verify-manually):
 * header `Stripe-Signature: t={unix seconds},v1={HMAC-SHA256(whsec, "{t}.{payload}")}`.
 */
export function signedStripeEvent(
  webhookSecret: string,
  event: unknown,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const payload = JSON.stringify(event);
  return { payload, header: `t=${timestamp},v1=${hmac(webhookSecret, `${timestamp}.${payload}`)}` };
}

interface MomoOrder {
  /** When the page stops taking money (ms since epoch). */
  expiresAt: number;
  orderId: string;
  requestId: string;
  amount: number;
  orderInfo: string;
  redirectUrl: string;
  ipnUrl: string;
  extraData: string;
  partnerCode: string;
  paid: boolean;
  transId: number;
}

interface ZaloOrder {
  /** When the page stops taking money (ms since epoch): app_time + expire_duration_seconds. */
  expiresAt: number;
  app_trans_id: string;
  app_user: string;
  app_time: number;
  amount: number;
  embed_data: string;
  item: string;
  callback_url: string;
  paid: boolean;
  zp_trans_id: number;
}

/** Builds the signed MoMo IPN body for an order (resultCode 0 unless given). */
export function signedMomoIpn(
  keys: NonNullable<MerchantKeys["momo"]>,
  o: {
    orderId: string;
    requestId: string;
    amount: number;
    orderInfo: string;
    extraData?: string;
    transId: number;
  },
  resultCode = 0,
) {
  const body = {
    partnerCode: keys.partnerCode,
    orderId: o.orderId,
    requestId: o.requestId,
    amount: o.amount,
    orderInfo: o.orderInfo,
    orderType: "momo_wallet",
    transId: o.transId,
    resultCode,
    message: resultCode === 0 ? "Successful." : "Transaction denied by user.",
    payType: "qr",
    responseTime: Date.now(),
    extraData: o.extraData ?? "",
  };
  const raw = `accessKey=${keys.accessKey}&amount=${body.amount}&extraData=${body.extraData}&message=${body.message}&orderId=${body.orderId}&orderInfo=${body.orderInfo}&orderType=${body.orderType}&partnerCode=${body.partnerCode}&payType=${body.payType}&requestId=${body.requestId}&responseTime=${body.responseTime}&resultCode=${body.resultCode}&transId=${body.transId}`;
  return { ...body, signature: hmac(keys.secretKey, raw) };
}

/** Builds the signed ZaloPay callback body `{ data, mac, type }`. */
export function signedZaloCallback(
  keys: NonNullable<MerchantKeys["zalopay"]>,
  o: {
    app_trans_id: string;
    app_user: string;
    app_time: number;
    amount: number;
    embed_data: string;
    item: string;
    zp_trans_id: number;
  },
) {
  const data = JSON.stringify({
    app_id: Number(keys.appId),
    app_trans_id: o.app_trans_id,
    app_time: o.app_time,
    app_user: o.app_user,
    amount: o.amount,
    embed_data: o.embed_data,
    item: o.item,
    zp_trans_id: o.zp_trans_id,
    server_time: Date.now(),
    channel: 38,
    merchant_user_id: "fake",
    user_fee_amount: 0,
    discount_amount: 0,
  });
  return { data, mac: hmac(keys.key2, data), type: 1 };
}

/** How the fake delivers a callback when its pay page is used (real providers: usually now). */
export type Delivery = "now" | "twice" | "late" | "never";

export interface FakeProviders {
  url: string;
  stripeSessions: Map<string, StripeSession>;
  /**
   * The signed Stripe event of a session. `checkout.session.completed` (default) and
   * `checkout.session.async_payment_succeeded` mark it paid; `checkout.session.expired` expires it.
   */
  stripeEventFor(
    sessionId: string,
    overrides?: { amount?: number; type?: string; paymentStatus?: "paid" | "unpaid" },
  ): { payload: string; header: string };
  /** The Stripe session created for an order attempt (`REF-n`), or undefined. */
  stripeSessionOf(attempt: string): StripeSession | undefined;
  /** Where the fake Stripe sends webhooks (what the creator registers in the dashboard); null: none. */
  stripeWebhookUrl: string | null;
  /** How each provider's pay page delivers its callback (default "now"). */
  delivery: Record<"momo" | "zalopay" | "stripe", Delivery>;
  /** While true, status queries (MoMo, ZaloPay, Stripe session retrieve) answer 503: only callbacks can settle. */
  queriesDown: boolean;
  /** Sends the callbacks held back by "late" delivery, in the given order (default: as queued). */
  flushLate(order?: "queued" | "reversed"): Promise<number[]>;
  /** Moves a provider page's expiry (ms since epoch), e.g. into the past. */
  setPageExpiry(provider: "momo" | "zalopay" | "stripe", id: string, at: number): void;
  /** Every create call received, in order (provider and its id), refused ones included. */
  creates: { provider: "momo" | "zalopay" | "stripe"; id: string; refused: string | null }[];
  momoOrders: Map<string, MomoOrder>;
  zaloOrders: Map<string, ZaloOrder>;
  /** Requests refused for a bad signature. */
  rejected: string[];
  /**
   * Marks an order paid at the provider (no callback sent) — for the missed-callback test.
   * Refused (throws) once the page has expired, as a real page would refuse to pay.
   */
  payQuietly(provider: "momo" | "zalopay" | "stripe", id: string): void;
  /** The signed IPN / callback the provider would send for an order, after marking it paid. */
  momoIpnFor(
    orderId: string,
    overrides?: { amount?: number; resultCode?: number },
  ): ReturnType<typeof signedMomoIpn>;
  zaloCallbackFor(appTransId: string, overrides?: { amount?: number }): ReturnType<typeof signedZaloCallback>;
  /** Refund endpoints' state and switches (issue 23 §7). */
  refunds: FakeRefundControls;
  close(): Promise<void>;
}

let transCounter = 4_000_000_000;

/** yymmdd of now in Vietnam time (ZaloPay checks app_trans_id's date against it). */
function vietnamToday(): string {
  const vn = new Date(Date.now() + 7 * 3600_000);
  return `${String(vn.getUTCFullYear() % 100).padStart(2, "0")}${String(vn.getUTCMonth() + 1).padStart(2, "0")}${String(vn.getUTCDate()).padStart(2, "0")}`;
}

/**
 * Starts the fake providers on 127.0.0.1 (random port). Paths: POST /v2/gateway/api/create and
 * /v2/gateway/api/query (MoMo), POST /v2/create and /v2/query (ZaloPay), POST
 * /v1/checkout/sessions and GET /v1/checkout/sessions/{id} (Stripe), GET /pay/{momo|zalopay|stripe}/{id}
 * (the provider's page with a Pay button: POST /pay/... sends the signed callback to the merchant
 * as `delivery` says and redirects the browser back).
 *
 * Like the real providers where it matters (decision 0217): MoMo refuses a reused orderId
 * (resultCode 41) and amounts outside 1,000–50,000,000 VND (resultCode 22); ZaloPay refuses a
 * reused app_trans_id (return_code 2, sub_return_code -68) and one not dated today in Vietnam
 * time; every page takes money until its own expiry (MoMo 100 min, ZaloPay
 * expire_duration_seconds, Stripe expires_at) and refuses after it; callbacks can come now,
 * twice, late or never.
 */
export async function startFakeProviders(keys: MerchantKeys): Promise<FakeProviders> {
  const momoOrders = new Map<string, MomoOrder>();
  const stripeSessions = new Map<string, StripeSession>();
  const stripeEventFor = (
    sessionId: string,
    overrides: { amount?: number; type?: string; paymentStatus?: "paid" | "unpaid" } = {},
  ) => {
    const session = stripeSessions.get(sessionId);
    if (!session || !keys.stripe) throw new Error(`no Stripe session ${sessionId}`);
    const type = overrides.type ?? "checkout.session.completed";
    if (type === "checkout.session.expired") {
      session.status = "expired";
    } else if (type === "checkout.session.async_payment_failed") {
      session.status = "complete";
    } else if ((overrides.paymentStatus ?? "paid") === "paid") {
      session.payment_status = "paid";
      session.status = "complete";
      session.payment_intent = session.payment_intent ?? `pi_${transCounter++}`;
    } else session.status = "complete";
    return signedStripeEvent(keys.stripe.webhookSecret, {
      id: `evt_${transCounter++}`,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object: { ...session, amount_total: overrides.amount ?? session.amount_total } },
    });
  };
  const creates: FakeProviders["creates"] = [];
  const delivery: FakeProviders["delivery"] = { momo: "now", zalopay: "now", stripe: "now" };
  const lateQueue: { url: string; body: string; headers: Record<string, string> }[] = [];
  const state = { stripeWebhookUrl: null as string | null, queriesDown: false };
  const deliver = async (
    provider: "momo" | "zalopay" | "stripe",
    url: string,
    body: string,
    headers: Record<string, string> = {},
  ) => {
    const mode = delivery[provider];
    if (mode === "never") return;
    if (mode === "late") {
      lateQueue.push({ url, body, headers });
      return;
    }
    const post = () =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    await post();
    if (mode === "twice") await post();
  };
  const zaloOrders = new Map<string, ZaloOrder>();
  const rejected: string[] = [];
  let base = "";
  const refundFake = createRefundFake(keys, { momoOrders, zaloOrders, stripeSessions, rejected });

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = "";
      req.on("data", (c) => {
        data += c;
      });
      req.on("end", () => resolve(data));
    });
  const send = (res: http.ServerResponse, status: number, body: unknown, type = "application/json") => {
    res.writeHead(status, { "content-type": type });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };

  const pageExpired = (provider: "momo" | "zalopay" | "stripe", id: string): boolean => {
    if (provider === "stripe") {
      const session = stripeSessions.get(id);
      return !session || session.status === "expired" || session.expires_at * 1000 <= Date.now();
    }
    const o = provider === "momo" ? momoOrders.get(id) : zaloOrders.get(id);
    return !o || o.expiresAt <= Date.now();
  };
  const momoIpnFor = (orderId: string, overrides: { amount?: number; resultCode?: number } = {}) => {
    const o = momoOrders.get(orderId);
    if (!o || !keys.momo) throw new Error(`no MoMo order ${orderId}`);
    if ((overrides.resultCode ?? 0) === 0) o.paid = true;
    return signedMomoIpn(
      keys.momo,
      { ...o, amount: overrides.amount ?? o.amount },
      overrides.resultCode ?? 0,
    );
  };
  const zaloCallbackFor = (appTransId: string, overrides: { amount?: number } = {}) => {
    const o = zaloOrders.get(appTransId);
    if (!o || !keys.zalopay) throw new Error(`no ZaloPay order ${appTransId}`);
    o.paid = true;
    return signedZaloCallback(keys.zalopay, { ...o, amount: overrides.amount ?? o.amount });
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = req.method === "POST" ? await readBody(req) : "";
    try {
      if (
        state.queriesDown &&
        (url.pathname === "/v2/gateway/api/query" ||
          url.pathname === "/v2/query" ||
          (req.method === "GET" && url.pathname.startsWith("/v1/checkout/sessions/")))
      )
        return send(res, 503, { error: "unavailable" });
      if (url.pathname === "/v2/gateway/api/create" && keys.momo) {
        const b = JSON.parse(raw);
        const k = keys.momo;
        const sig = hmac(
          k.secretKey,
          `accessKey=${k.accessKey}&amount=${b.amount}&extraData=${b.extraData}&ipnUrl=${b.ipnUrl}&orderId=${b.orderId}&orderInfo=${b.orderInfo}&partnerCode=${b.partnerCode}&redirectUrl=${b.redirectUrl}&requestId=${b.requestId}&requestType=${b.requestType}`,
        );
        if (sig !== b.signature || b.partnerCode !== k.partnerCode || b.requestType !== "captureWallet") {
          rejected.push(`momo-create ${b.orderId}`);
          return send(res, 200, {
            partnerCode: b.partnerCode,
            orderId: b.orderId,
            requestId: b.requestId,
            resultCode: 11007,
            message: "Invalid signature",
          });
        }
        if (momoOrders.has(b.orderId)) {
          creates.push({ provider: "momo", id: b.orderId, refused: "41" });
          return send(res, 200, {
            partnerCode: k.partnerCode,
            orderId: b.orderId,
            requestId: b.requestId,
            resultCode: 41,
            message:
              "Duplicated orderId. Please inquiry the orderId's transaction status, or retry with a different orderId.",
          });
        }
        if (b.amount < 1000 || b.amount > 50_000_000) {
          creates.push({ provider: "momo", id: b.orderId, refused: "22" });
          return send(res, 200, {
            partnerCode: k.partnerCode,
            orderId: b.orderId,
            requestId: b.requestId,
            resultCode: 22,
            message: "The transaction amount is out of range.",
          });
        }
        creates.push({ provider: "momo", id: b.orderId, refused: null });
        momoOrders.set(b.orderId, {
          ...b,
          paid: false,
          transId: transCounter++,
          expiresAt: Date.now() + 100 * 60_000,
        });
        return send(res, 200, {
          partnerCode: k.partnerCode,
          orderId: b.orderId,
          requestId: b.requestId,
          amount: b.amount,
          responseTime: Date.now(),
          message: "Successful.",
          resultCode: 0,
          payUrl: `${base}/pay/momo/${encodeURIComponent(b.orderId)}`,
        });
      }
      if (url.pathname === "/v1/checkout/sessions" && req.method === "POST" && keys.stripe) {
        if (req.headers.authorization !== `Bearer ${keys.stripe.secretKey}`) {
          rejected.push("stripe-create");
          return send(res, 401, {
            error: { type: "invalid_request_error", message: "Invalid API Key provided" },
          });
        }
        const f = new URLSearchParams(raw);
        const id = `cs_test_${transCounter++}`;
        const session: StripeSession = {
          id,
          object: "checkout.session",
          amount_total: Number(f.get("line_items[0][price_data][unit_amount]")),
          currency: f.get("line_items[0][price_data][currency]") ?? "",
          client_reference_id: f.get("client_reference_id"),
          metadata: { reference: f.get("metadata[reference]") ?? "" },
          success_url: f.get("success_url") ?? "",
          cancel_url: f.get("cancel_url") ?? "",
          payment_status: "unpaid",
          status: "open",
          payment_intent: null,
          expires_at: Number(f.get("expires_at") ?? Math.floor(Date.now() / 1000) + 24 * 3600),
          url: `${base}/pay/stripe/${id}`,
        };
        session.metadata = {
          reference: f.get("metadata[reference]") ?? "",
          attempt: f.get("metadata[attempt]") ?? "",
        };
        const minutes = (session.expires_at - Date.now() / 1000) / 60;
        if (minutes < 30 || minutes > 24 * 60) {
          creates.push({ provider: "stripe", id: session.metadata.attempt, refused: "expires_at" });
          return send(res, 400, {
            error: {
              type: "invalid_request_error",
              param: "expires_at",
              message:
                "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
            },
          });
        }
        creates.push({ provider: "stripe", id: session.metadata.attempt, refused: null });
        stripeSessions.set(id, session);
        return send(res, 200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (retrieve && req.method === "GET" && keys.stripe) {
        if (req.headers.authorization !== `Bearer ${keys.stripe.secretKey}`)
          return send(res, 401, {
            error: { type: "invalid_request_error", message: "Invalid API Key provided" },
          });
        const session = stripeSessions.get(decodeURIComponent(retrieve[1]));
        if (!session)
          return send(res, 404, {
            error: { type: "invalid_request_error", message: "No such checkout.session" },
          });
        if (session.status === "open" && session.expires_at * 1000 <= Date.now()) session.status = "expired";
        return send(res, 200, session);
      }
      if (url.pathname === "/v2/gateway/api/query" && keys.momo) {
        const b = JSON.parse(raw);
        const k = keys.momo;
        const sig = hmac(
          k.secretKey,
          `accessKey=${k.accessKey}&orderId=${b.orderId}&partnerCode=${b.partnerCode}&requestId=${b.requestId}`,
        );
        if (sig !== b.signature) {
          rejected.push(`momo-query ${b.orderId}`);
          return send(res, 200, { resultCode: 11007, message: "Invalid signature" });
        }
        const o = momoOrders.get(b.orderId);
        if (!o) return send(res, 200, { resultCode: 42, message: "Order not found" });
        if (!o.paid && o.expiresAt <= Date.now())
          return send(res, 200, {
            resultCode: 1005,
            message: "Transaction failed because the url or QR code expired.",
            orderId: o.orderId,
            amount: o.amount,
            transId: 0,
          });
        return send(res, 200, {
          partnerCode: k.partnerCode,
          orderId: o.orderId,
          requestId: b.requestId,
          extraData: o.extraData,
          amount: o.amount,
          transId: o.paid ? o.transId : 0,
          payType: "qr",
          resultCode: o.paid ? 0 : 1000,
          message: o.paid ? "Successful." : "Transaction initiated, waiting for user confirmation.",
          // Like MoMo's query answer: every refund of this payment, made through the API or in the
          // MoMo Business portal (orderId of the refund, amount, resultCode, transId, createdTime).
          refundTrans: o.paid ? refundFake.momoRefundTrans(String(o.transId)) : [],
          responseTime: Date.now(),
        });
      }
      if (url.pathname === "/v2/create" && keys.zalopay) {
        const b = JSON.parse(raw);
        const k = keys.zalopay;
        const mac = hmac(
          k.key1,
          `${b.app_id}|${b.app_trans_id}|${b.app_user}|${b.amount}|${b.app_time}|${b.embed_data}|${b.item}`,
        );
        if (mac !== b.mac || String(b.app_id) !== k.appId) {
          rejected.push(`zalopay-create ${b.app_trans_id}`);
          return send(res, 200, {
            return_code: 2,
            return_message: "Giao dịch thất bại",
            sub_return_code: -401,
            sub_return_message: "Dữ liệu yêu cầu không hợp lệ",
          });
        }
        if (zaloOrders.has(b.app_trans_id)) {
          creates.push({ provider: "zalopay", id: b.app_trans_id, refused: "-68" });
          return send(res, 200, {
            return_code: 2,
            return_message: "Giao dịch thất bại",
            sub_return_code: -68,
            sub_return_message: "Mã giao dịch bị trùng",
          });
        }
        if (!String(b.app_trans_id).startsWith(`${vietnamToday()}_`) || String(b.app_trans_id).length > 40) {
          creates.push({ provider: "zalopay", id: b.app_trans_id, refused: "-92" });
          return send(res, 200, {
            return_code: 2,
            return_message: "Giao dịch thất bại",
            sub_return_code: -92,
            sub_return_message: "app_trans_id không hợp lệ",
          });
        }
        creates.push({ provider: "zalopay", id: b.app_trans_id, refused: null });
        const seconds = Number(b.expire_duration_seconds ?? 900);
        zaloOrders.set(b.app_trans_id, {
          ...b,
          paid: false,
          zp_trans_id: transCounter++,
          expiresAt: Number(b.app_time) + seconds * 1000,
        });
        return send(res, 200, {
          return_code: 1,
          return_message: "Giao dịch thành công",
          sub_return_code: 1,
          order_url: `${base}/pay/zalopay/${encodeURIComponent(b.app_trans_id)}`,
          zp_trans_token: `tok_${b.app_trans_id}`,
        });
      }
      if (url.pathname === "/v2/query" && keys.zalopay) {
        const b = JSON.parse(raw);
        const k = keys.zalopay;
        if (hmac(k.key1, `${b.app_id}|${b.app_trans_id}|${k.key1}`) !== b.mac) {
          rejected.push(`zalopay-query ${b.app_trans_id}`);
          return send(res, 200, { return_code: 2, return_message: "mac invalid" });
        }
        const o = zaloOrders.get(b.app_trans_id);
        if (!o) return send(res, 200, { return_code: 2, return_message: "not found" });
        return send(
          res,
          200,
          o.paid
            ? {
                return_code: 1,
                return_message: "Giao dịch thành công",
                is_processing: false,
                amount: o.amount,
                zp_trans_id: o.zp_trans_id,
                server_time: Date.now(),
              }
            : {
                return_code: 3,
                return_message: "Giao dịch chưa thực hiện",
                is_processing: true,
                amount: o.amount,
                zp_trans_id: 0,
              },
        );
      }
      const pay = /^\/pay\/(momo|zalopay|stripe)\/(.+)$/.exec(url.pathname);
      const names = { momo: "MoMo", zalopay: "ZaloPay", stripe: "Stripe" } as const;
      if (pay && req.method === "GET") {
        const provider = pay[1] as "momo" | "zalopay" | "stripe";
        const id = decodeURIComponent(pay[2]);
        const expired = pageExpired(provider, id);
        return send(
          res,
          expired ? 410 : 200,
          `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Fake ${names[provider]}</title></head><body style="font-family:sans-serif;padding:24px"><h1>Fake ${names[provider]}</h1><p>Order ${id}</p>${expired ? "<p id='fake-expired'>This payment page has expired.</p>" : `<form method="post"><button type="submit" id="fake-pay">Pay</button></form><form method="post" action="?cancel=1"><button type="submit" id="fake-cancel">Cancel</button></form>`}</body></html>`,
          "text/html; charset=utf-8",
        );
      }
      if (pay && req.method === "POST") {
        const provider = pay[1] as "momo" | "zalopay" | "stripe";
        const id = decodeURIComponent(pay[2]);
        if (pageExpired(provider, id)) return send(res, 410, "this payment page has expired", "text/plain");
        const cancel = url.searchParams.get("cancel") === "1";
        let callbackUrl: string | null;
        let body: string | null = null;
        let headers: Record<string, string> = {};
        let back: string;
        if (provider === "momo") {
          const o = momoOrders.get(id);
          if (!o) return send(res, 404, "unknown order", "text/plain");
          body = JSON.stringify(momoIpnFor(id, cancel ? { resultCode: 1006 } : {}));
          callbackUrl = o.ipnUrl;
          back = o.redirectUrl;
        } else if (provider === "zalopay") {
          const o = zaloOrders.get(id);
          if (!o) return send(res, 404, "unknown order", "text/plain");
          // ZaloPay calls back only when it collected the money.
          if (!cancel) body = JSON.stringify(zaloCallbackFor(id));
          callbackUrl = o.callback_url;
          back = (JSON.parse(o.embed_data) as { redirecturl: string }).redirecturl;
        } else {
          const session = stripeSessions.get(id);
          if (!session) return send(res, 404, "unknown session", "text/plain");
          callbackUrl = state.stripeWebhookUrl;
          if (!cancel) {
            const event = stripeEventFor(id);
            body = event.payload;
            headers = { "stripe-signature": event.header };
          }
          back = cancel ? session.cancel_url : session.success_url;
        }
        if (body && callbackUrl) await deliver(provider, callbackUrl, body, headers);
        res.writeHead(303, { location: back });
        return res.end();
      }
      // Issue 23 §7: refund endpoints (section at the end of this file).
      if (await refundFake.handle(req, url, raw, res)) return;
      send(res, 404, { error: "not found" });
    } catch (error) {
      send(res, 500, { error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    stripeSessions,
    stripeEventFor,
    stripeSessionOf: (attempt) => [...stripeSessions.values()].find((x) => x.metadata.attempt === attempt),
    get stripeWebhookUrl() {
      return state.stripeWebhookUrl;
    },
    set stripeWebhookUrl(value: string | null) {
      state.stripeWebhookUrl = value;
    },
    delivery,
    get queriesDown() {
      return state.queriesDown;
    },
    set queriesDown(value: boolean) {
      state.queriesDown = value;
    },
    async flushLate(order = "queued") {
      const items = lateQueue.splice(0, lateQueue.length);
      if (order === "reversed") items.reverse();
      const statuses: number[] = [];
      for (const item of items) {
        const r = await fetch(item.url, {
          method: "POST",
          headers: { "content-type": "application/json", ...item.headers },
          body: item.body,
        });
        statuses.push(r.status);
      }
      return statuses;
    },
    setPageExpiry(provider, id, at) {
      if (provider === "stripe") {
        const session = stripeSessions.get(id);
        if (!session) throw new Error(`no Stripe session ${id}`);
        session.expires_at = Math.floor(at / 1000);
        return;
      }
      const o = provider === "momo" ? momoOrders.get(id) : zaloOrders.get(id);
      if (!o) throw new Error(`no ${provider} order ${id}`);
      o.expiresAt = at;
    },
    creates,
    momoOrders,
    zaloOrders,
    rejected,
    payQuietly(provider, id) {
      if (pageExpired(provider, id)) throw new Error(`${provider} page ${id} has expired`);
      if (provider === "stripe") {
        stripeEventFor(id);
        return;
      }
      const o = provider === "momo" ? momoOrders.get(id) : zaloOrders.get(id);
      if (!o) throw new Error(`no ${provider} order ${id}`);
      o.paid = true;
    },
    momoIpnFor,
    zaloCallbackFor,
    refunds: refundFake.controls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// Refunds (issue 23 §7). MoMo `POST /v2/gateway/api/refund` (signature accessKey&amount&
// description&orderId&partnerCode&requestId&transId; a NEW orderId per refund, the requestId is
// the idempotency key: the same request again answers the same), ZaloPay `POST /v2/refund`
// (mac key1 over app_id|zp_trans_id|amount|description|timestamp; m_refund_id
// yymmdd_appid_xxx; answers "processing" (3) first, `/v2/query_refund` (mac over
// app_id|m_refund_id|timestamp) later says success) and Stripe `POST /v1/refunds` (Bearer key,
// Idempotency-Key, no more than was charged) and `GET /v1/refunds/{id}`. Each refuses an unknown
// transaction, a total above what was paid and a reused refund id.
// ---------------------------------------------------------------------------------------------

export interface FakeRefund {
  provider: "momo" | "zalopay" | "stripe";
  /** MoMo refund orderId, ZaloPay m_refund_id or Stripe re_… id. */
  id: string;
  transactionId: string;
  amount: number;
  status: "processing" | "succeeded" | "failed";
  reason?: string;
  /** MoMo: the refund's own transId and when it was made (ms), as the query lists them. */
  refundTransId?: number;
  createdTime?: number;
}

export interface FakeRefundControls {
  /** Every refund accepted or refused at the provider, in order. */
  list: FakeRefund[];
  /**
   * Declares a paid provider transaction (MoMo transId, ZaloPay zp_trans_id, Stripe pi_…) of
   * `amount`. With `momoOrderId`, MoMo also knows the paid order (its query answers for it).
   */
  registerPayment(
    provider: "momo" | "zalopay" | "stripe",
    transactionId: string,
    amount: number,
    currency?: string,
    momoOrderId?: string,
  ): void;
  /** The next refund at `provider` (or any) is refused by the provider with `reason`. */
  failNext(provider?: "momo" | "zalopay" | "stripe", reason?: string): void;
  /** How many /v2/query_refund calls still answer "processing" before success (default 0). */
  zaloPayProcessingQueries: number;
  /** Sum of the succeeded or processing refunds of a transaction. */
  refundedOf(provider: "momo" | "zalopay" | "stripe", transactionId: string): number;
  /** A signed `charge.refunded` event (a refund made in Stripe's dashboard, or ours reported back). */
  stripeChargeRefundedEvent(
    paymentIntent: string,
    amountRefunded: number,
  ): { payload: string; header: string };
  /** A signed `charge.dispute.created` event for a PaymentIntent. */
  stripeDisputeEvent(paymentIntent: string, reason?: string): { payload: string; header: string };
  /**
   * A refund of `amount` VND the creator made in the MoMo Business portal for MoMo transaction
   * `transId` (MoMo notifies nobody; its query lists it under `refundTrans`). @returns its orderId.
   */
  momoPortalRefund(transId: string, amount: number): string;
}

function createRefundFake(
  keys: MerchantKeys,
  state: {
    momoOrders: Map<string, MomoOrder>;
    zaloOrders: Map<string, ZaloOrder>;
    stripeSessions: Map<string, StripeSession>;
    rejected: string[];
  },
) {
  const payments = new Map<string, { amount: number; currency: string }>();
  const list: FakeRefund[] = [];
  const failures: { provider?: string; reason: string }[] = [];
  const momoAnswers = new Map<string, { requestId: string; answer: unknown }>();
  const stripeByKey = new Map<string, unknown>();
  const zaloQueries = new Map<string, number>();

  const paymentOf = (provider: "momo" | "zalopay" | "stripe", txn: string) => {
    const known = payments.get(`${provider}:${txn}`);
    if (known) return known;
    if (provider === "momo")
      for (const o of state.momoOrders.values())
        if (o.paid && String(o.transId) === txn) return { amount: o.amount, currency: "VND" };
    if (provider === "zalopay")
      for (const o of state.zaloOrders.values())
        if (o.paid && String(o.zp_trans_id) === txn) return { amount: o.amount, currency: "VND" };
    if (provider === "stripe")
      for (const s of state.stripeSessions.values())
        if (s.payment_status === "paid" && s.payment_intent === txn)
          return { amount: s.amount_total, currency: s.currency };
    return undefined;
  };
  const refundedOf = (provider: "momo" | "zalopay" | "stripe", txn: string) =>
    list
      .filter((r) => r.provider === provider && r.transactionId === txn && r.status !== "failed")
      .reduce((sum, r) => sum + r.amount, 0);
  const takeFailure = (provider: string) => {
    const i = failures.findIndex((f) => !f.provider || f.provider === provider);
    return i >= 0 ? failures.splice(i, 1)[0] : undefined;
  };

  const controls: FakeRefundControls = {
    list,
    momoPortalRefund(transId, amount) {
      const paid = paymentOf("momo", transId);
      if (!paid || refundedOf("momo", transId) + amount > paid.amount)
        throw new Error(`MoMo portal: ${transId} cannot be refunded ${amount}`);
      const id = `PORTAL${transCounter++}`;
      list.push({ provider: "momo", id, transactionId: transId, amount, status: "succeeded" });
      return id;
    },
    registerPayment(provider, transactionId, amount, currency = "VND", momoOrderId) {
      payments.set(`${provider}:${transactionId}`, { amount, currency });
      if (provider === "momo" && momoOrderId && keys.momo)
        state.momoOrders.set(momoOrderId, {
          orderId: momoOrderId,
          requestId: momoOrderId,
          amount,
          orderInfo: "",
          redirectUrl: "",
          ipnUrl: "",
          extraData: "",
          partnerCode: keys.momo.partnerCode,
          expiresAt: Date.now(),
          paid: true,
          transId: Number(transactionId),
        });
    },
    failNext(provider, reason = "Refund refused by the provider") {
      failures.push({ provider, reason });
    },
    zaloPayProcessingQueries: 0,
    refundedOf,
    stripeChargeRefundedEvent(paymentIntent, amountRefunded) {
      if (!keys.stripe) throw new Error("no Stripe keys");
      const paid = paymentOf("stripe", paymentIntent);
      return signedStripeEvent(keys.stripe.webhookSecret, {
        id: `evt_${transCounter++}`,
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        type: "charge.refunded",
        data: {
          object: {
            id: `ch_${paymentIntent}`,
            object: "charge",
            amount: paid?.amount ?? amountRefunded,
            amount_refunded: amountRefunded,
            currency: paid?.currency ?? "vnd",
            payment_intent: paymentIntent,
            refunded: paid ? amountRefunded >= paid.amount : true,
            status: "succeeded",
          },
        },
      });
    },
    stripeDisputeEvent(paymentIntent, reason = "fraudulent") {
      if (!keys.stripe) throw new Error("no Stripe keys");
      const paid = paymentOf("stripe", paymentIntent);
      return signedStripeEvent(keys.stripe.webhookSecret, {
        id: `evt_${transCounter++}`,
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        type: "charge.dispute.created",
        data: {
          object: {
            id: `dp_${transCounter++}`,
            object: "dispute",
            amount: paid?.amount ?? 0,
            currency: paid?.currency ?? "vnd",
            charge: `ch_${paymentIntent}`,
            payment_intent: paymentIntent,
            reason,
            status: "needs_response",
          },
        },
      });
    },
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  /** Handles a refund request; false when the path is not a refund endpoint. */
  async function handle(
    req: http.IncomingMessage,
    url: URL,
    raw: string,
    res: http.ServerResponse,
  ): Promise<boolean> {
    if (url.pathname === "/v2/gateway/api/refund" && req.method === "POST" && keys.momo) {
      const b = JSON.parse(raw);
      const k = keys.momo;
      const sig = hmac(
        k.secretKey,
        `accessKey=${k.accessKey}&amount=${b.amount}&description=${b.description}&orderId=${b.orderId}&partnerCode=${b.partnerCode}&requestId=${b.requestId}&transId=${b.transId}`,
      );
      const answer = (resultCode: number, message: string) => ({
        partnerCode: k.partnerCode,
        orderId: b.orderId,
        requestId: b.requestId,
        amount: b.amount,
        transId: b.transId,
        resultCode,
        message,
        responseTime: Date.now(),
      });
      if (sig !== b.signature || b.partnerCode !== k.partnerCode) {
        state.rejected.push(`momo-refund ${b.orderId}`);
        json(res, 200, answer(11007, "Invalid signature"));
        return true;
      }
      const before = momoAnswers.get(b.orderId);
      if (before) {
        // requestId is MoMo's idempotency key: the same request answers the same; a reused orderId is 41.
        json(res, 200, before.requestId === b.requestId ? before.answer : answer(41, "Duplicated orderId"));
        return true;
      }
      if (state.momoOrders.has(b.orderId)) {
        json(res, 200, answer(41, "Duplicated orderId"));
        return true;
      }
      const txn = String(b.transId);
      const paid = paymentOf("momo", txn);
      let result: unknown;
      const failure = takeFailure("momo");
      if (!paid) result = answer(1081, "Original transaction not found or not eligible for refund");
      else if (refundedOf("momo", txn) + Number(b.amount) > paid.amount)
        result = answer(1081, "Refund rejected: exceeds the refundable amount");
      else if (failure) {
        result = answer(1080, failure.reason);
        list.push({
          provider: "momo",
          id: b.orderId,
          transactionId: txn,
          amount: Number(b.amount),
          status: "failed",
          reason: failure.reason,
        });
      } else {
        result = answer(0, "Successful.");
        list.push({
          provider: "momo",
          id: b.orderId,
          transactionId: txn,
          amount: Number(b.amount),
          status: "succeeded",
        });
      }
      momoAnswers.set(b.orderId, { requestId: b.requestId, answer: result });
      json(res, 200, result);
      return true;
    }
    if (url.pathname === "/v2/refund" && req.method === "POST" && keys.zalopay) {
      const b = JSON.parse(raw);
      const k = keys.zalopay;
      const mac = hmac(k.key1, `${b.app_id}|${b.zp_trans_id}|${b.amount}|${b.description}|${b.timestamp}`);
      const fail = (sub: number, message: string) => ({
        return_code: 2,
        return_message: "Hoàn tiền thất bại",
        sub_return_code: sub,
        sub_return_message: message,
      });
      if (mac !== b.mac || String(b.app_id) !== k.appId) {
        state.rejected.push(`zalopay-refund ${b.m_refund_id}`);
        json(res, 200, { return_code: -403, return_message: "ILLEGAL_SIGNATURE_REQUEST" });
        return true;
      }
      if (!new RegExp(`^\\d{6}_${k.appId}_[0-9A-Za-z]+$`).test(String(b.m_refund_id))) {
        json(res, 200, fail(-401, "m_refund_id must be yymmdd_appid_xxx"));
        return true;
      }
      if (list.some((r) => r.provider === "zalopay" && r.id === b.m_refund_id)) {
        json(res, 200, fail(-68, "m_refund_id already exists"));
        return true;
      }
      const txn = String(b.zp_trans_id);
      const paid = paymentOf("zalopay", txn);
      if (!paid) {
        json(res, 200, fail(-101, "zp_trans_id not found"));
        return true;
      }
      if (refundedOf("zalopay", txn) + Number(b.amount) > paid.amount) {
        json(res, 200, fail(-13, "Refund amount exceeds the transaction amount"));
        return true;
      }
      const failure = takeFailure("zalopay");
      if (failure) {
        list.push({
          provider: "zalopay",
          id: b.m_refund_id,
          transactionId: txn,
          amount: Number(b.amount),
          status: "failed",
          reason: failure.reason,
        });
        json(res, 200, fail(-3, failure.reason));
        return true;
      }
      list.push({
        provider: "zalopay",
        id: b.m_refund_id,
        transactionId: txn,
        amount: Number(b.amount),
        status: "processing",
      });
      zaloQueries.set(b.m_refund_id, controls.zaloPayProcessingQueries);
      json(res, 200, {
        return_code: 3,
        return_message: "Giao dịch đang xử lý",
        sub_return_code: 2,
        sub_return_message: "Refund processing",
        refund_id: transCounter++,
      });
      return true;
    }
    if (url.pathname === "/v2/query_refund" && req.method === "POST" && keys.zalopay) {
      const b = JSON.parse(raw);
      const k = keys.zalopay;
      if (hmac(k.key1, `${b.app_id}|${b.m_refund_id}|${b.timestamp}`) !== b.mac) {
        state.rejected.push(`zalopay-query-refund ${b.m_refund_id}`);
        json(res, 200, { return_code: -403, return_message: "ILLEGAL_SIGNATURE_REQUEST" });
        return true;
      }
      const r = list.find((x) => x.provider === "zalopay" && x.id === b.m_refund_id);
      if (!r) {
        json(res, 200, {
          return_code: 2,
          return_message: "FAIL",
          sub_return_code: -101,
          sub_return_message: "not found",
        });
        return true;
      }
      const left = zaloQueries.get(r.id) ?? 0;
      if (r.status === "processing" && left > 0) zaloQueries.set(r.id, left - 1);
      else if (r.status === "processing") r.status = "succeeded";
      json(
        res,
        200,
        r.status === "succeeded"
          ? {
              return_code: 1,
              return_message: "SUCCESS",
              sub_return_code: 1,
              sub_return_message: "Giao dịch thành công",
            }
          : r.status === "processing"
            ? {
                return_code: 3,
                return_message: "PROCESSING",
                sub_return_code: 2,
                sub_return_message: "processing",
              }
            : {
                return_code: 2,
                return_message: "FAIL",
                sub_return_code: -3,
                sub_return_message: r.reason ?? "failed",
              },
      );
      return true;
    }
    const stripeGet = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
    if ((url.pathname === "/v1/refunds" && req.method === "POST") || (stripeGet && req.method === "GET")) {
      if (!keys.stripe) return false;
      if (req.headers.authorization !== `Bearer ${keys.stripe.secretKey}`) {
        state.rejected.push("stripe-refund");
        json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        return true;
      }
      const toObject = (r: FakeRefund, currency: string) => ({
        id: r.id,
        object: "refund",
        amount: r.amount,
        currency,
        payment_intent: r.transactionId,
        charge: `ch_${r.transactionId}`,
        status: r.status === "processing" ? "pending" : r.status,
        failure_reason: r.status === "failed" ? r.reason : undefined,
        created: Math.floor(Date.now() / 1000),
      });
      if (stripeGet) {
        const r = list.find((x) => x.provider === "stripe" && x.id === stripeGet[1]);
        if (!r)
          json(res, 404, {
            error: { type: "invalid_request_error", code: "resource_missing", message: "No such refund" },
          });
        else json(res, 200, toObject(r, paymentOf("stripe", r.transactionId)?.currency ?? "vnd"));
        return true;
      }
      const idem = String(req.headers["idempotency-key"] ?? "");
      if (idem && stripeByKey.has(idem)) {
        json(res, 200, stripeByKey.get(idem));
        return true;
      }
      const f = new URLSearchParams(raw);
      const pi = f.get("payment_intent") ?? "";
      const paid = paymentOf("stripe", pi);
      if (!paid) {
        json(res, 404, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such payment_intent: '${pi}'`,
          },
        });
        return true;
      }
      const amount = Number(f.get("amount") ?? paid.amount - refundedOf("stripe", pi));
      const left = paid.amount - refundedOf("stripe", pi);
      if (amount > left) {
        json(res, 400, {
          error: {
            type: "invalid_request_error",
            code: left === 0 ? "charge_already_refunded" : "amount_too_large",
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          },
        });
        return true;
      }
      const failure = takeFailure("stripe");
      const r: FakeRefund = {
        provider: "stripe",
        id: `re_${transCounter++}`,
        transactionId: pi,
        amount,
        status: failure ? "failed" : "succeeded",
        reason: failure?.reason,
      };
      list.push(r);
      const body = toObject(r, paid.currency);
      if (idem) stripeByKey.set(idem, body);
      json(res, 200, body);
      return true;
    }
    return false;
  }

  /** MoMo query's `refundTrans` for a paid transaction: its succeeded refunds, oldest first. */
  const momoRefundTrans = (transId: string) =>
    list
      .filter((r) => r.provider === "momo" && r.transactionId === transId && r.status === "succeeded")
      .map((r) => {
        r.refundTransId ??= transCounter++;
        r.createdTime ??= Date.now();
        return {
          orderId: r.id,
          amount: r.amount,
          resultCode: 0,
          transId: r.refundTransId,
          createdTime: r.createdTime,
        };
      });

  return { controls, handle, momoRefundTrans };
}
