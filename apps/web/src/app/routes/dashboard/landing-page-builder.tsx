import { useLocation, useParams, useSearchParams } from "react-router";
import { LandingBuilder } from "@/features/landing-pages/components/builder/landing-builder";

/**
 * /dashboard/landing-pages/builder[?course_id=] and /dashboard/landing-pages/builder/{id}[?tab=payment] (spec 001 §2;
 * `tab` opens that tab first, e.g. from the publish warning of a paid course, issue 11 §2).
 * Another page means a fresh builder; the first save of a new page moves to builder/{id} with
 * `state.builderKey` naming the new builder (`new:{location key}`), which keeps the same builder mounted (its tab and unsaved typing stay).
 */
export function Component() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const carried = (location.state as { builderKey?: string } | null)?.builderKey;
  return (
    <LandingBuilder
      key={carried ?? id ?? `new:${location.key}`}
      id={id ?? null}
      initialCourseId={params.get("course_id")}
      initialTab={params.get("tab")}
    />
  );
}
