import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { activeSubjectsQueryOptions } from "@/features/admin/api/admin";
import { CourseBuilder } from "@/features/course-builder/components/course-builder";
import { MaterialBank } from "@/features/materials/components/material-bank";

const NO_SUBJECTS: [] = [];

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
  const subjects = useQuery(activeSubjectsQueryOptions);
  return (
    <CourseBuilder
      key={courseId ?? "new"}
      courseId={courseId}
      renderMaterialBank={(props) => <MaterialBank {...props} />}
      subjects={subjects.data?.subjects ?? NO_SUBJECTS}
    />
  );
}
