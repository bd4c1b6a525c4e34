import {
  generateMaterialSchema,
  type Material,
  materialListQuerySchema,
  materialSchema,
  outlineRequestSchema,
  outlineResponseSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import type { AiPort } from "../../lib/ai-port.ts";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json } from "../../lib/openapi.ts";
import { assertCreator } from "../courses/courses.service.ts";
import {
  addUploadedMaterial,
  browseMaterials,
  generateMaterial,
  removeMaterial,
} from "./materials.service.ts";

const forbidden = json(errorResponseSchema, "Not a creator");

const listRoute = createRoute({
  method: "get",
  path: "/materials",
  tags: ["Materials"],
  summary: "Material Bank: the creator's library (a starter set is generated for an empty library)",
  request: { query: materialListQuerySchema.extend({ locale: z.enum(["en", "vi"]).default("en") }) },
  responses: {
    200: json(z.object({ items: z.array(materialSchema), samples: z.boolean() }), "Materials"),
    401: errorResponses[401],
    403: forbidden,
  },
});

const generateRoute = createRoute({
  method: "post",
  path: "/materials/generate",
  tags: ["Materials"],
  summary: "AI Generate: a quiz, worksheet, essay prompt or assessment",
  request: { body: { content: { "application/json": { schema: generateMaterialSchema } }, required: true } },
  responses: {
    201: json(materialSchema, "Generated"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    503: json(errorResponseSchema, "Generation failed"),
  },
});

const addUploadRoute = createRoute({
  method: "post",
  path: "/materials",
  tags: ["Materials"],
  summary: "Add an uploaded file (area material) to the library",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({
            uploadId: z.string().min(1).max(100),
            title: z.string().trim().max(200).optional(),
            description: z.string().max(2000).optional(),
            tags: z.array(z.string().max(40)).max(10).optional(),
            category: z.string().max(50).optional(),
            skillLevel: z.string().max(50).optional(),
            duration: z.number().int().min(0).max(100_000).optional(),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    201: json(materialSchema, "Added"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: json(errorResponseSchema, "No such upload"),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/materials/{id}",
  tags: ["Materials"],
  summary: "Remove a material from the library",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    204: { description: "Removed" },
    401: errorResponses[401],
    403: forbidden,
    404: json(errorResponseSchema, "Not found"),
  },
});

const outlineRoute = createRoute({
  method: "post",
  path: "/ai/outline",
  tags: ["Course builder"],
  summary: "generate-course-outline: an outline from the course information (never fails: falls back)",
  request: { body: { content: { "application/json": { schema: outlineRequestSchema } }, required: true } },
  responses: {
    200: json(outlineResponseSchema, "The outline"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
  },
});

/** Material Bank and AI helpers (000 §2 Course-creation helpers, §7). Creator-only. */
export function materialRoutes(deps: AppDeps & { ai: AiPort; sampleMaterials: () => Material[] }) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { locale, ...query } = c.req.valid("query");
      return c.json(
        await browseMaterials(
          { db: deps.db, ai: deps.ai, logger: deps.logger, samples: deps.sampleMaterials },
          requireUser(c),
          { ...query, locale },
        ),
        200,
      );
    })
    .openapi(generateRoute, async (c) =>
      c.json(await generateMaterial(deps, requireUser(c), c.req.valid("json")), 201),
    )
    .openapi(addUploadRoute, async (c) =>
      c.json(await addUploadedMaterial(deps.db, requireUser(c), c.req.valid("json")), 201),
    )
    .openapi(deleteRoute, async (c) => {
      await removeMaterial(deps.db, requireUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(outlineRoute, async (c) => {
      await assertCreator(deps.db, requireUser(c));
      return c.json(await deps.ai.generateOutline(c.req.valid("json")), 200);
    });
}
