import { useParams, useSearchParams } from "react-router";
import { LandingBuilder } from "@/features/landing-pages/components/builder/landing-builder";

/** /dashboard/landing-pages/builder[?course_id=] and /dashboard/landing-pages/builder/{id} (spec 001 §2). */
export function Component() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return <LandingBuilder key={id ?? "new"} id={id ?? null} initialCourseId={params.get("course_id")} />;
}
