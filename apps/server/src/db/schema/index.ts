export * from "./auth.ts";
export * from "./builder.ts";
export * from "./certificates.ts";
export * from "./courses.ts";
export * from "./enrollments.ts";
export * from "./invitations.ts";
export * from "./platform.ts";
export * from "./profiles.ts";
