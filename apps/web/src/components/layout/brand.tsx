import { GraduationCapIcon } from "lucide-react";
import { cn } from "@/lib/utils";

export function BrandMark({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-accent-teal text-brand">
        <GraduationCapIcon className="size-5" aria-hidden />
      </span>
      {compact ? null : <span className="text-lg">Academy</span>}
    </span>
  );
}
