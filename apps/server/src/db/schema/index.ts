export * from "./auth.ts";
export * from "./builder.ts";
export * from "./certificates.ts";
export * from "./courses.ts";
export * from "./enrollments.ts";
export * from "./messaging.ts";
export * from "./platform.ts";
export * from "./profiles.ts";
