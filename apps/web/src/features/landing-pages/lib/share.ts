/** Copies text to the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Spec 001 §5 sharing-compatibility check: native share when the browser can share this link,
 * else copying it. Resolves "shared", "copied", "cancelled" or "failed".
 */
export async function shareLink(data: {
  title: string;
  url: string;
}): Promise<"shared" | "copied" | "cancelled" | "failed"> {
  const canShare = typeof navigator.share === "function" && (!navigator.canShare || navigator.canShare(data));
  if (canShare) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
    }
  }
  return (await copyText(data.url)) ? "copied" : "failed";
}
