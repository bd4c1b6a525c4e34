import { StarIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** An average of 1–5 stars with one decimal in the UI language ("4,3" in Vietnamese). */
export function formatStars(average: number, lng: string): string {
  return new Intl.NumberFormat(lng === "vi" ? "vi-VN" : "en-US", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
}

/** Five stars, `value` of them filled (rounded to whole stars); decorative (say the figure in text). */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-0.5", className)} aria-hidden>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon
          key={n}
          className={cn(
            "size-4",
            n <= Math.round(value) ? "fill-amber-400 text-amber-400" : "text-slate-300",
          )}
        />
      ))}
    </span>
  );
}
