import { useParams, useSearchParams } from "react-router";
import { CourseBuilder } from "@/features/course-builder/components/course-builder";
import { MaterialBank } from "@/features/materials/components/material-bank";

/**
 * /dashboard/course-builder, /dashboard/course-builder?id={id} and /dashboard/courses/:id/edit
 * (spec 001 §2 Course builder): an absent id or 'new' is a new course, anything else the course
 * to edit. The page composes the builder with the Material Bank (another feature). The `key`
 * starts a fresh builder when the id changes (e.g. the sidebar's "Build New Course" while editing).
 */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const raw = params.id ?? search.get("id");
  const courseId = raw && raw !== "new" ? raw : null;
  return (
    <CourseBuilder
      key={courseId ?? "new"}
      courseId={courseId}
      renderMaterialBank={(props) => <MaterialBank {...props} />}
    />
  );
}
