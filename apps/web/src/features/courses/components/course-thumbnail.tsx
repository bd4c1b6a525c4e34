import { GraduationCapIcon } from "lucide-react";
import * as React from "react";
import { cn } from "@/lib/utils";

/** Brand-toned gradients for courses without a thumbnail; picked by the course id so each stays the same. */
const PLACEHOLDERS = [
  "from-brand to-[#3949ab]",
  "from-[#0f766e] to-[#00c7b1]",
  "from-[#312e81] to-[#7c3aed]",
  "from-[#1e3a8a] to-[#0891b2]",
  "from-[#7c2d12] to-[#ea580c]",
] as const;

function placeholderFor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PLACEHOLDERS[hash % PLACEHOLDERS.length];
}

/** The 16:9 picture of a course card: its thumbnail, or a gradient with the course's initial. */
export function CourseThumbnail({
  id,
  title,
  src,
  className,
}: {
  id: string;
  title: string;
  src: string | null;
  className?: string;
}) {
  const [failed, setFailed] = React.useState(false);
  const initial = title.trim().charAt(0).toUpperCase();
  return (
    <div className={cn("relative aspect-video w-full overflow-hidden bg-muted", className)}>
      {src && !failed ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <div
          className={cn(
            "flex size-full items-center justify-center bg-gradient-to-br text-white",
            placeholderFor(id),
          )}
          aria-hidden
        >
          <GraduationCapIcon className="absolute -bottom-4 -right-3 size-28 rotate-[-12deg] opacity-15" />
          <span className="text-5xl font-bold tracking-tight drop-shadow-sm">{initial || "A"}</span>
        </div>
      )}
    </div>
  );
}
