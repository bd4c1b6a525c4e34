import { type ClientError, isNetworkError } from "@academy/shared";

/** Spec 000 §9: local error log capped at 100 entries, under an academy-prefixed key. */
export const ERROR_LOG_KEY = "academy.errors";
export const ERROR_LOG_MAX = 100;

/** Keeps the newest ERROR_LOG_MAX records in local storage. */
export function storeErrorLocally(record: ClientError): void {
  try {
    const existing = JSON.parse(localStorage.getItem(ERROR_LOG_KEY) ?? "[]") as ClientError[];
    const next = [...existing, record].slice(-ERROR_LOG_MAX);
    localStorage.setItem(ERROR_LOG_KEY, JSON.stringify(next));
  } catch {
    // storage full or unavailable: nothing more to do
  }
}

/**
 * Records an error (spec 000 §8 Global handlers): stored locally and sent to the server, which
 * logs it. Network errors are dropped (001 §8).
 */
export function reportError(error: unknown, context: { component?: string; action?: string } = {}): void {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000) || "Unknown error";
  if (isNetworkError(message)) return;
  const record: ClientError = {
    message,
    stack: error instanceof Error ? error.stack?.slice(0, 10000) : undefined,
    timestamp: new Date().toISOString(),
    url: location.href.slice(0, 2048),
    userAgent: navigator.userAgent.slice(0, 512),
    component: context.component,
    route: location.pathname.slice(0, 2048),
    action: context.action,
  };
  storeErrorLocally(record);
  void fetch("/api/client-errors", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(record),
    keepalive: true,
  }).catch(() => undefined);
}

/** Installs the global handlers for uncaught errors and unhandled rejections (component "Global"). */
export function installGlobalErrorHandlers(): void {
  window.addEventListener("error", (event) =>
    reportError(event.error ?? event.message, { component: "Global" }),
  );
  window.addEventListener("unhandledrejection", (event) =>
    reportError(event.reason, { component: "Global" }),
  );
}
