import webpush from "web-push";
import type { VapidKeys } from "../../env.ts";

/** A stored browser subscription (push_subscriptions). */
export interface StoredPushSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What a study-reminder notification shows (no secrets, no ids but the course's for its link):
 * title and body in the student's language, and the app path to open on click.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * Sends one Web Push message (RFC 8030) with VAPID (RFC 8292) and an aes128gcm-encrypted body
 * (RFC 8291), built by the `web-push` library and posted with fetch (so tests may use an
 * http://127.0.0.1 fake push service). Time to live: 12 hours.
 * @returns "sent" (2xx), "gone" (404/410: the subscription no longer exists) or "failed".
 */
export async function sendWebPush(
  vapid: VapidKeys,
  sub: StoredPushSubscription,
  payload: PushPayload,
): Promise<"sent" | "gone" | "failed"> {
  const details = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 12 * 60 * 60,
      contentEncoding: "aes128gcm",
    },
  );
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 404 || response.status === 410) return "gone";
    return response.ok ? "sent" : "failed";
  } catch {
    return "failed";
  }
}
