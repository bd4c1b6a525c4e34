import { Progress as ProgressPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/utils";

/** A progress bar; `value` is a percentage 0–100. */
export function Progress({
  className,
  value,
  ...props
}: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  const clamped = Math.max(0, Math.min(100, value ?? 0));
  return (
    <ProgressPrimitive.Root
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-muted", className)}
      value={clamped}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full bg-accent-teal transition-all"
        style={{ width: `${clamped}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
