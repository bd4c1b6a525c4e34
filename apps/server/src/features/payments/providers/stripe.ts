import Stripe from "stripe";

/**
 * Card payments through Stripe Checkout (issue 11 §3, https://docs.stripe.com/payments/checkout):
 * the `stripe` SDK creates a Checkout Session with the creator's secret key and the browser goes
 * to its `url`; the webhook `checkout.session.completed` is verified with
 * `stripe.webhooks.constructEvent` and the method's webhook signing secret. Amounts are in
 * Stripe's smallest unit, which is ours (VND is zero-decimal, USD in cents).
 */

/** A Stripe client; `baseUrl` (STRIPE_BASE_URL, tests) replaces https://api.stripe.com. */
export function stripeClient(secretKey: string, baseUrl?: string): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 0, timeout: 30_000 };
  if (baseUrl) {
    const url = new URL(baseUrl);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === "https:" ? 443 : 80);
    config.protocol = url.protocol === "http:" ? "http" : "https";
  }
  return new Stripe(secretKey, config);
}

/**
 * Creates a Checkout Session for one payment attempt: one line item (the course),
 * client_reference_id and metadata.reference = our order reference, metadata.attempt = the
 * attempt's id (`REF-n`); expires after `expiresMinutes` (Stripe accepts 30 min – 24 h from
 * creation; callers pass 35 for a margin over the minimum).
 * @returns the hosted page URL and the session id. @throws Stripe errors (network, bad key, refusal).
 */
export async function stripeCreateSession(
  client: Stripe,
  input: {
    reference: string;
    amount: number;
    currency: string;
    name: string;
    successUrl: string;
    cancelUrl: string;
    email?: string;
    attempt: string;
    expiresMinutes: number;
  },
): Promise<{ url: string; id: string }> {
  const session = await client.checkout.sessions.create({
    mode: "payment",
    client_reference_id: input.reference,
    metadata: { reference: input.reference, attempt: input.attempt },
    customer_email: input.email,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: input.currency.toLowerCase(),
          unit_amount: input.amount,
          product_data: { name: input.name.slice(0, 250) || input.reference },
        },
      },
    ],
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    expires_at: Math.floor(Date.now() / 1000) + Math.max(31, input.expiresMinutes) * 60,
  });
  if (!session.url) throw new Error("Stripe returned a session without a URL");
  return { url: session.url, id: session.id };
}

/** Verifies a webhook (Stripe-Signature header) and returns the event. @throws on a bad signature. */
export function stripeVerifyEvent(rawBody: string, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}

/**
 * Retrieves a Checkout Session (reconciliation without webhooks, decision 0217).
 * @returns its payment_status (paid | unpaid | no_payment_required), status (open | complete |
 *   expired), amount_total (smallest unit), currency (upper case) and PaymentIntent id.
 * @throws Stripe errors (network, bad key, unknown session).
 */
export async function stripeRetrieveSession(client: Stripe, sessionId: string) {
  const s = await client.checkout.sessions.retrieve(sessionId);
  const pi = s.payment_intent;
  return {
    id: s.id,
    paymentStatus: s.payment_status,
    status: s.status,
    amount: Number(s.amount_total ?? -1),
    currency: (s.currency ?? "").toUpperCase(),
    paymentIntent: typeof pi === "string" ? pi : (pi?.id ?? null),
    raw: s,
  };
}
