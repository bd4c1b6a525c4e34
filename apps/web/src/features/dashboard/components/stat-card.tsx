import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";

export function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Card className="flex flex-col items-start gap-2 p-3 sm:flex-row sm:gap-3 sm:p-5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-brand">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-xl font-bold tracking-tight sm:text-2xl" data-testid={testId}>
          {value}
        </p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
    </Card>
  );
}
