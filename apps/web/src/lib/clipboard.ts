/**
 * Puts `text` on the clipboard.
 * @returns true when it is there; false when the browser refuses (no permission, insecure page).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
