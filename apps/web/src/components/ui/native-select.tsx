import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * The browser's own <select>, styled like the other inputs: for short fixed lists where the native
 * picker (keyboard type-ahead, the phone's wheel) serves better than a custom listbox.
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
