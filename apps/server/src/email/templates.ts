/**
 * E-mail templates: HTML and plain text, in the recipient's language (en or vi). The shared layout
 * is in layout.ts; the templates are grouped by what they are about.
 */
export * from "./course-templates.ts";
export * from "./layout.ts";
export * from "./notice-templates.ts";
export * from "./notification-templates.ts";
export * from "./order-templates.ts";
