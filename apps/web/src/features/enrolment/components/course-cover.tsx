import { GraduationCapIcon } from "lucide-react";
import * as React from "react";
import { cn } from "@/lib/utils";

/** The 16:9 picture of a course: its thumbnail, or a brand gradient with the title's initial. */
export function CourseCover({
  title,
  src,
  className,
  priority = false,
}: {
  title: string;
  src: string | null;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = React.useState(false);
  const initial = title.trim().charAt(0).toUpperCase() || "A";
  return (
    <div className={cn("relative aspect-video w-full overflow-hidden bg-muted", className)}>
      {src && !failed ? (
        <img
          src={src}
          alt=""
          decoding="async"
          loading={priority ? "eager" : "lazy"}
          onError={() => setFailed(true)}
          className="size-full object-cover"
          data-testid="course-cover"
        />
      ) : (
        <div
          className="flex size-full items-center justify-center bg-gradient-to-br from-[#3949ab] to-[#0f766e] text-white"
          aria-hidden
        >
          <GraduationCapIcon className="absolute -bottom-5 -right-4 size-32 rotate-[-12deg] opacity-15" />
          <span className="text-6xl font-bold tracking-tight drop-shadow-sm">{initial}</span>
        </div>
      )}
    </div>
  );
}
