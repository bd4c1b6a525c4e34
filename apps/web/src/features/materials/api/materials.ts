import type { Material } from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** The root key of every Material Bank list query (invalidated after a change). */
export const MATERIALS_KEY = ["materials", "list"] as const;

export type AiMaterialType = "quiz" | "worksheet" | "essay" | "assessment";

export interface MaterialListParams {
  category: string | null;
  skillLevel: string;
  locale: "en" | "vi";
}

/**
 * GET /api/materials (000 §7 generate-materials: called on load and when the category or level
 * changes): the creator's library; `samples` is true when only the built-in samples could be shown.
 * Search and type are filtered on the client (filterMaterials).
 */
export function materialsQueryOptions({ category, skillLevel, locale }: MaterialListParams) {
  return queryOptions({
    queryKey: [...MATERIALS_KEY, { category, skillLevel, locale }],
    queryFn: (): Promise<{ items: Material[]; samples: boolean }> =>
      unwrap(
        api.materials.$get({
          query: {
            ...(category ? { category } : {}),
            ...(skillLevel ? { skillLevel } : {}),
            locale,
          },
        }),
      ),
  });
}

function useInvalidateMaterials() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MATERIALS_KEY });
}

export interface GenerateMaterialInput {
  type: AiMaterialType;
  category: string;
  skillLevel: string;
  topic?: string;
  locale: "en" | "vi";
}

/** POST /api/materials/generate (000 §7 generate-ai-material): a stored material with content; the list is reloaded. */
export function useGenerateMaterial() {
  const invalidate = useInvalidateMaterials();
  return useMutation({
    mutationFn: (input: GenerateMaterialInput): Promise<Material> =>
      unwrap(api.materials.generate.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export interface AddUploadedMaterialInput {
  uploadId: string;
  title?: string;
  description?: string;
  tags?: string[];
  category?: string;
  skillLevel?: string;
  /** Minutes. */
  duration?: number;
}

/** POST /api/materials: adds a file uploaded to area "material" to the creator's library. */
export function useAddUploadedMaterial() {
  const invalidate = useInvalidateMaterials();
  return useMutation({
    mutationFn: (input: AddUploadedMaterialInput): Promise<Material> =>
      unwrap(api.materials.$post({ json: input })),
    onSuccess: invalidate,
  });
}

/** DELETE /api/materials/{id}. */
export function useDeleteMaterial() {
  const invalidate = useInvalidateMaterials();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await unwrap(api.materials[":id"].$delete({ param: { id } }));
    },
    onSuccess: invalidate,
  });
}
