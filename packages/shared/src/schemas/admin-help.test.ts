import { describe, expect, it } from "vitest";
import { DEFAULT_SUBJECT_ICON } from "../rules/admin.ts";
import { subjectCreateSchema, subjectUpdateSchema } from "./admin.ts";
import { contactInstructorSchema, featureRequestCreateSchema, ticketCreateSchema } from "./help.ts";

describe("admin and help contracts (spec 001 §5)", () => {
  it("a subject needs a name ('Subject name is required') and gets the book icon by default", () => {
    for (const input of [{}, { name: "" }, { name: "  " }]) {
      const result = subjectCreateSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe("Subject name is required");
    }
    expect(subjectCreateSchema.parse({ name: "Cooking" })).toEqual({
      name: "Cooking",
      description: "",
      icon: "📚",
    });
    expect(subjectCreateSchema.parse({ name: "Cooking", icon: " " }).icon).toBe(DEFAULT_SUBJECT_ICON);
    expect(subjectCreateSchema.parse({ name: "Cooking", icon: "🍜" }).icon).toBe("🍜");
    expect(subjectCreateSchema.safeParse({ name: "x".repeat(101) }).success).toBe(false);
    expect(subjectCreateSchema.safeParse({ name: "x".repeat(100) }).success).toBe(true);
    expect(subjectUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
  });

  it("tickets and feature requests need both fields ('Please fill in all required fields')", () => {
    const message = "Please fill in all required fields";
    expect(ticketCreateSchema.safeParse({ subject: "a" }).error?.issues[0].message).toBe(message);
    expect(ticketCreateSchema.parse({ subject: "a", description: "b" }).priority).toBe("medium");
    expect(ticketCreateSchema.safeParse({ subject: "a", description: "b", priority: "urgent" }).success).toBe(
      false,
    );
    expect(
      featureRequestCreateSchema.safeParse({ title: "", description: "d", category: "mobile" }).error
        ?.issues[0].message,
    ).toBe(message);
    expect(
      featureRequestCreateSchema.safeParse({ title: "t", description: "d", category: "Mobile" }).success,
    ).toBe(false);
  });

  it("the student contact form's 'normal' priority is stored as medium", () => {
    expect(contactInstructorSchema.parse({ subject: "s", message: "m" }).priority).toBe("medium");
    expect(contactInstructorSchema.parse({ subject: "s", message: "m", priority: "high" }).priority).toBe(
      "high",
    );
    expect(contactInstructorSchema.safeParse({ subject: "s", message: "" }).error?.issues[0].message).toBe(
      "Please fill in all required fields",
    );
  });
});
