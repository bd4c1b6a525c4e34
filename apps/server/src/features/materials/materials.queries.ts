import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { materials, storedFiles } from "../../db/schema/index.ts";

export type MaterialRow = typeof materials.$inferSelect;

/** How many materials a creator's library holds, optionally only those of one category and skill level. */
export async function countMaterials(
  db: Executor,
  creatorId: string,
  filter: { category?: string; skillLevel?: string } = {},
): Promise<number> {
  const where = [eq(materials.creator_id, creatorId)];
  if (filter.category) where.push(eq(materials.category, filter.category));
  if (filter.skillLevel) where.push(eq(materials.skill_level, filter.skillLevel));
  const [{ n }] = await db
    .select({ n: count() })
    .from(materials)
    .where(and(...where));
  return Number(n);
}

/** A creator's materials, newest first, filtered by type and a search over title, description and tags. */
export async function listMaterials(
  db: Executor,
  creatorId: string,
  filter: { type?: string; search?: string },
): Promise<MaterialRow[]> {
  const where = [eq(materials.creator_id, creatorId)];
  if (filter.type) where.push(eq(materials.type, filter.type));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(
      or(
        ilike(materials.title, pattern),
        ilike(materials.description, pattern),
        sql`${materials.tags}::text ilike ${pattern}`,
      )!,
    );
  }
  return db
    .select()
    .from(materials)
    .where(and(...where))
    .orderBy(desc(materials.created_at))
    .limit(500);
}

export async function insertMaterial(
  db: Executor,
  values: typeof materials.$inferInsert,
): Promise<MaterialRow> {
  const [row] = await db.insert(materials).values(values).returning();
  return row;
}

export async function findMaterial(db: Executor, id: string): Promise<MaterialRow | undefined> {
  const [row] = await db.select().from(materials).where(eq(materials.id, id)).limit(1);
  return row;
}

export async function deleteMaterial(db: Executor, id: string): Promise<void> {
  await db.delete(materials).where(eq(materials.id, id));
}

export async function findStoredFile(db: Executor, id: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

/** The creator's materials among `ids` (any order). */
export async function materialsOfCreator(
  db: Executor,
  creatorId: string,
  ids: string[],
): Promise<MaterialRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(materials)
    .where(
      and(eq(materials.creator_id, creatorId), inArray(materials.id, ids), isNull(materials.taken_down_at)),
    );
}
