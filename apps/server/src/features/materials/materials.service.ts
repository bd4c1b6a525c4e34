import type { Material } from "@academy/shared";
import type { Db } from "../../db/client.ts";
import type { AiPort, GeneratedMaterial, GenerateMaterialRequest } from "../../lib/ai-port.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import type { Logger } from "../../lib/logger.ts";
import { assertCreator } from "../courses/courses.service.ts";
import {
  countMaterials,
  deleteMaterial,
  findMaterial,
  findStoredFile,
  insertMaterial,
  listMaterials,
  type MaterialRow,
  materialsOfCreator,
} from "./materials.queries.ts";

/** Spec 000 §8 Messaging/AI toast text for a failed generation. */
export const GENERATION_FAILED = "Failed to generate AI material. Please try again.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toMaterial(row: MaterialRow): Material {
  return {
    id: row.id,
    title: row.title,
    type: row.type as Material["type"],
    category: row.category,
    skillLevel: row.skill_level,
    duration: row.duration,
    description: row.description,
    tags: (row.tags as string[]) ?? [],
    rating: row.rating,
    downloads: row.downloads,
    fileUrl: row.file_key ? `/files/${row.file_key}` : null,
    mimeType: row.mime_type,
    sizeBytes: row.size_bytes,
    content: row.content ?? null,
    source: row.source as Material["source"],
    createdAt: row.created_at.toISOString(),
  };
}

function fromGenerated(creatorId: string, g: GeneratedMaterial, category: string, skillLevel: string) {
  return {
    creator_id: creatorId,
    title: g.title,
    type: g.type,
    category,
    skill_level: skillLevel,
    duration: Math.max(0, Math.round(g.duration)),
    description: g.description,
    tags: g.tags.slice(0, 10),
    content: g.content,
    // Written by a model → "ai"; by the built-in templates (no model configured) → "template".
    source: g.generatedBy === "model" ? "ai" : "template",
  };
}

/**
 * The Material Bank's Browse list (000 §2, §7 generate-materials): the acting creator's library,
 * filtered. When the library holds nothing of the course's category and level, a starter set is
 * generated for that category and level (a quiz, a worksheet and an essay prompt, stored; source
 * "ai" from a model, "template" from the built-in templates — issue 17 §2); only if that
 * generation fails on an empty library are the three built-in samples returned (`samples: true`,
 * not stored).
 */
export async function browseMaterials(
  deps: { db: Db; ai: AiPort; logger: Logger; samples: () => Material[] },
  actor: SessionUser,
  query: { category?: string; skillLevel?: string; search?: string; type?: string; locale: "en" | "vi" },
): Promise<{ items: Material[]; samples: boolean }> {
  await assertCreator(deps.db, actor);
  const category = query.category || "general";
  const skillLevel = query.skillLevel || "beginner";
  if ((await countMaterials(deps.db, actor.id, { category, skillLevel })) === 0) {
    try {
      for (const type of ["quiz", "worksheet", "essay"] as const) {
        const generated = await deps.ai.generateMaterial({
          type,
          category,
          skillLevel,
          locale: query.locale,
        });
        await insertMaterial(deps.db, fromGenerated(actor.id, generated, category, skillLevel));
      }
    } catch (error) {
      deps.logger.warn({ err: error }, "starter materials could not be generated");
      if ((await countMaterials(deps.db, actor.id)) === 0) return { items: deps.samples(), samples: true };
    }
  }
  const rows = await listMaterials(deps.db, actor.id, { type: query.type, search: query.search });
  return { items: rows.map(toMaterial), samples: false };
}

/**
 * AI Generate (000 §7 generate-ai-material): creates a quiz, worksheet, essay prompt or assessment
 * with real content and stores it in the creator's library.
 * @throws AppError UNAVAILABLE with GENERATION_FAILED when generation fails.
 */
export async function generateMaterial(
  deps: { db: Db; ai: AiPort; logger: Logger },
  actor: SessionUser,
  request: GenerateMaterialRequest,
): Promise<Material> {
  await assertCreator(deps.db, actor);
  let generated: GeneratedMaterial;
  try {
    generated = await deps.ai.generateMaterial(request);
  } catch (error) {
    deps.logger.warn({ err: error }, "material generation failed");
    throw new AppError("UNAVAILABLE", GENERATION_FAILED);
  }
  return toMaterial(
    await insertMaterial(deps.db, fromGenerated(actor.id, generated, request.category, request.skillLevel)),
  );
}

const TYPE_BY_MIME: Array<[RegExp, Material["type"]]> = [
  [/^video\//, "video"],
  [/^audio\//, "audio"],
  [/^image\//, "image"],
  [/presentation|powerpoint|keynote/, "presentation"],
  [/pdf|document|msword|text/, "document"],
];

/**
 * Adds an uploaded file (POST /api/uploads, area "material") to the creator's library.
 * @throws AppError NOT_FOUND when the upload is not the creator's own material upload.
 */
export async function addUploadedMaterial(
  db: Db,
  actor: SessionUser,
  input: {
    uploadId: string;
    title?: string;
    description?: string;
    tags?: string[];
    category?: string;
    skillLevel?: string;
    duration?: number;
  },
): Promise<Material> {
  await assertCreator(db, actor);
  const file = UUID.test(input.uploadId) ? await findStoredFile(db, input.uploadId) : undefined;
  if (!file || file.owner_id !== actor.id || file.area !== "material")
    throw new AppError("NOT_FOUND", "Upload not found.");
  const type = TYPE_BY_MIME.find(([re]) => re.test(file.mime_type))?.[1] ?? "document";
  const row = await insertMaterial(db, {
    creator_id: actor.id,
    title: input.title?.trim() || file.original_name || "Untitled material",
    type,
    category: input.category || "general",
    skill_level: input.skillLevel || "beginner",
    duration: Math.max(0, Math.round(input.duration ?? 0)),
    description: input.description?.trim() ?? "",
    tags: (input.tags ?? [])
      .map((t) => t.trim())
      .filter(Boolean)
      .slice(0, 10),
    file_key: file.key,
    mime_type: file.mime_type,
    size_bytes: file.size_bytes,
    source: "upload",
  });
  return toMaterial(row);
}

/** Removes a material from the creator's library (the file stays until its upload is deleted). @throws AppError NOT_FOUND */
export async function removeMaterial(db: Db, actor: SessionUser, id: string): Promise<void> {
  await assertCreator(db, actor);
  const row = UUID.test(id) ? await findMaterial(db, id) : undefined;
  if (!row || row.creator_id !== actor.id) throw new AppError("NOT_FOUND", "Material not found.");
  await deleteMaterial(db, id);
}

/** A material as a lesson resource in the player (issue 17 item 11). `url` is the app file address. */
export interface MaterialResource {
  id: string;
  title: string;
  type: string;
  url: string | null;
  mimeType: string | null;
}

/**
 * The course creator's materials among `ids`, as lesson resources (unknown ids and other
 * creators' materials are left out). No authorization here: the caller (the learning service)
 * has already checked the enrolment. Malformed ids are ignored.
 */
export async function courseMaterialResources(
  db: Db,
  creatorId: string,
  ids: string[],
): Promise<Map<string, MaterialResource>> {
  const valid = [...new Set(ids)].filter((id) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id),
  );
  const rows = await materialsOfCreator(db, creatorId, valid);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        title: row.title,
        type: row.type,
        url: row.file_key ? `/files/${row.file_key}` : null,
        mimeType: row.mime_type,
      },
    ]),
  );
}
