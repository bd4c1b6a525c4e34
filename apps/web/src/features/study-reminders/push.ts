import { fetchVapidPublicKey, forgetSubscription, saveSubscription } from "./api/study-reminders";

/** What this browser allows: no Web Push at all, blocked by the person, not asked yet, or allowed. */
export type PushState = "unsupported" | "blocked" | "ask" | "allowed";

/** Web Push needs a service worker, the Push API and notifications (and a secure context). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext !== false &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** This browser's notification permission as a {@link PushState}. */
export function pushState(): PushState {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission === "granted") return "allowed";
  return "ask";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = `${base64url}${"=".repeat((4 - (base64url.length % 4)) % 4)}`
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (call from a click), registers /sw.js at the root scope, subscribes with the
 * server's VAPID key and stores the subscription on the server.
 * @returns the resulting state: "allowed" when subscribed, else "blocked" / "ask" / "unsupported".
 */
export async function enableBrowserPush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "ask";
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const publicKey = await fetchVapidPublicKey();
  let subscription = await registration.pushManager.getSubscription();
  if (subscription) {
    // A subscription made with another server key cannot be used: replace it.
    const current = subscription.options.applicationServerKey;
    const wanted = keyBytes(publicKey);
    const same =
      current !== null &&
      current.byteLength === wanted.byteLength &&
      new Uint8Array(current).every((b, i) => b === wanted[i]);
    if (!same) {
      await subscription.unsubscribe();
      subscription = null;
    }
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await saveSubscription(subscription.toJSON());
  return "allowed";
}

/** Unsubscribes this browser (if it was) and tells the server to forget it. */
export async function disableBrowserPush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await forgetSubscription(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}
