/** /dashboard/course-builder and /dashboard/courses/:id/edit (placeholder until the feature lands). */
export { Component } from "./coming-soon";
