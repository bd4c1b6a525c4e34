import { UPLOAD_AREA_NAMES } from "@academy/shared/rules/upload-areas";
import { z } from "@hono/zod-openapi";

/**
 * Contracts of the uploads endpoints. Kept beside the feature for now; they can move to
 * packages/shared/src/schemas/uploads.ts together with upload-areas.ts when the web app needs them.
 */
export const uploadResultSchema = z
  .object({
    id: z.string().uuid(),
    key: z.string().openapi({ example: "thumbnail/Xh3k…/1718000000000-9f2c4e1a7b3d5c60.png" }),
    url: z.string().openapi({ description: "App-relative address: /files/<key>" }),
    mimeType: z.string().openapi({ example: "image/png" }),
    sizeBytes: z.number().int().nonnegative(),
    originalName: z.string().nullable(),
  })
  .openapi("StoredFile");

export const uploadFormSchema = z.object({
  file: z
    .any()
    .openapi({ type: "string", format: "binary", description: "The file (type sniffed from its bytes)" }),
  area: z
    .enum(UPLOAD_AREA_NAMES)
    .openapi({ description: "Where the file is used; decides types and size limit" }),
});

export const generatedThumbnailSchema = z.object({
  title: z.string().trim().min(1, "Please enter a course title.").max(200),
  category: z.string().trim().max(50).nullish(),
});

export const uploadIdParamsSchema = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" } }),
});
