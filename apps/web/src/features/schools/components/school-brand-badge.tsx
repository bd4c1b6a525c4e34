import { useQuery } from "@tanstack/react-query";
import { courseBrandQueryOptions } from "../api/schools";

/**
 * The brand of the school offering a course (issue 15: /join and the player header): its logo and
 * name in its primary colour. Nothing while loading or when the course has no school.
 */
export function SchoolBrandBadge({ courseId, compact = false }: { courseId: string; compact?: boolean }) {
  const { data: brand } = useQuery(courseBrandQueryOptions(courseId));
  if (!brand) return null;
  return (
    <span className="flex min-w-0 items-center gap-2" data-testid="school-brand">
      {brand.logoUrl ? (
        <img
          src={brand.logoUrl}
          alt=""
          className={
            compact ? "size-7 shrink-0 rounded object-contain" : "size-9 shrink-0 rounded object-contain"
          }
        />
      ) : null}
      <span
        className={compact ? "truncate text-sm font-semibold max-sm:sr-only" : "truncate font-semibold"}
        style={{ color: brand.primaryColor }}
      >
        {brand.name}
      </span>
    </span>
  );
}
