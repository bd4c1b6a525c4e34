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
  const config: Stripe.StripeConfig = { maxNetworkRetries: 0, timeout: 10_000 };
  if (baseUrl) {
    const url = new URL(baseUrl);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === "https:" ? 443 : 80);
    config.protocol = url.protocol === "http:" ? "http" : "https";
  }
  return new Stripe(secretKey, config);
}

/**
 * Creates a Checkout Session for one order: one line item (the course), client_reference_id and
 * metadata.reference = our order reference; expires after 30 minutes (Stripe's minimum).
 * @returns the hosted page URL. @throws Stripe errors (network, bad key, refusal).
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
  },
): Promise<{ url: string; id: string }> {
  const session = await client.checkout.sessions.create({
    mode: "payment",
    client_reference_id: input.reference,
    metadata: { reference: input.reference },
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
    expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
  });
  if (!session.url) throw new Error("Stripe returned a session without a URL");
  return { url: session.url, id: session.id };
}

/** Verifies a webhook (Stripe-Signature header) and returns the event. @throws on a bad signature. */
export function stripeVerifyEvent(rawBody: string, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}
