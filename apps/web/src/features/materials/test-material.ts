import type { Material } from "@academy/shared";

/** A Material for tests, with defaults for every field not given. */
export function material(overrides: Partial<Material> & { id: string }): Material {
  return {
    title: overrides.id,
    type: "document",
    category: "general",
    skillLevel: "beginner",
    duration: 10,
    description: "",
    tags: [],
    rating: 0,
    downloads: 0,
    fileUrl: null,
    mimeType: null,
    sizeBytes: null,
    content: null,
    source: "ai",
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}
