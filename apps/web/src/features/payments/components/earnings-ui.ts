/** Small pieces shared by the sections of the Earnings page (issue 11 §5, issue 23 §10). */

export const selectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand";

/** Badge colours of an order status. */
export function statusTone(status: string): string {
  if (status === "paid") return "bg-emerald-100 text-emerald-800";
  if (status === "awaiting_confirmation") return "bg-amber-100 text-amber-900";
  if (status === "pending") return "bg-slate-100 text-slate-800";
  return "bg-red-100 text-red-800";
}
