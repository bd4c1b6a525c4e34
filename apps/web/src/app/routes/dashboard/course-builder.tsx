import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useParams, useSearchParams } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { activeSubjectsQueryOptions } from "@/features/admin/api/admin";
import { CourseBuilder } from "@/features/course-builder/components/course-builder";

const NO_SUBJECTS: [] = [];

/**
 * The school check shows when a creator publishes before naming their school, and loads then
 * (issue 17 §14 route budget: the page is ≤ 250 KB of gzip JS; it brings the image upload fields).
 */
const ConfirmSchoolDialog = React.lazy(() =>
  import("@/features/schools/components/confirm-school-dialog").then((m) => ({
    default: m.ConfirmSchoolDialog,
  })),
);
/**
 * The Material Bank (its tab is hidden at first) loads after the builder (issue 17 §14); it mounts
 * as soon as it is in, so the selected materials are known to the Course Builder tab as before.
 */
const MaterialBank = React.lazy(() =>
  import("@/features/materials/components/material-bank").then((module) => ({
    default: module.MaterialBank,
  })),
);

/**
 * /dashboard/course-builder, /dashboard/course-builder?id={id} and /dashboard/courses/:id/edit
 * (spec 001 §2 Course builder): an absent id or 'new' is a new course, anything else the course
 * to edit. The page composes the builder with the Material Bank and, before a first publish, the
 * school confirmation (issue 24 §6) — other features. The `key`
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
      renderMaterialBank={(props) => (
        <React.Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <MaterialBank {...props} />
        </React.Suspense>
      )}
      renderSchoolCheck={(props) => (
        <React.Suspense fallback={null}>
          <ConfirmSchoolDialog {...props} />
        </React.Suspense>
      )}
      subjects={subjects.data?.subjects ?? NO_SUBJECTS}
    />
  );
}
