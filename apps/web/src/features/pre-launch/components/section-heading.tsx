import { cn } from "@/lib/utils";

/** The eyebrow, h2 and lead paragraph that open every section of the pre-launch page. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto max-w-2xl text-center", className)}>
      {eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-teal-700">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 text-balance text-3xl font-bold tracking-tight text-brand sm:text-4xl">
        {title}
      </h2>
      {subtitle ? <p className="mt-4 text-pretty text-lg text-muted-foreground">{subtitle}</p> : null}
    </div>
  );
}
