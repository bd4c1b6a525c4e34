import { GraduationCapIcon } from "lucide-react";
import { usePlatformName } from "@/lib/platform";
import { cn } from "@/lib/utils";

/** The platform's mark and name (the name from the Admin Panel's Settings, issue 14). */
export function BrandMark({ className, compact = false }: { className?: string; compact?: boolean }) {
  const name = usePlatformName();
  return (
    <span className={cn("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-accent-teal text-brand">
        <GraduationCapIcon className="size-5" aria-hidden />
      </span>
      {compact ? null : <span className="text-lg">{name}</span>}
    </span>
  );
}
