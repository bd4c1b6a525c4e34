/** /dashboard/courses — My Courses (placeholder until the feature lands). */
export { Component } from "./coming-soon";
