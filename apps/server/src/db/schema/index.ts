export * from "./auth.ts";
export * from "./courses.ts";
export * from "./enrollments.ts";
export * from "./platform.ts";
export * from "./profiles.ts";
export * from "./builder.ts";
