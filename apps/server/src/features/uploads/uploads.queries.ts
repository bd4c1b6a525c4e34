import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { profiles, storedFiles } from "../../db/schema/index.ts";

export type StoredFileRow = typeof storedFiles.$inferSelect;

/** The profile role of a user ("student" | "creator" | "admin"), or undefined without a profile. */
export async function findRole(db: Executor, userId: string) {
  const [row] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.user_id, userId))
    .limit(1);
  return row?.role;
}

/** Records a stored object. Throws the driver's unique violation (23505) when the key is taken. */
export async function insertStoredFile(
  db: Executor,
  values: {
    ownerId: string;
    key: string;
    area: string;
    mimeType: string;
    sizeBytes: number;
    originalName: string | null;
  },
): Promise<StoredFileRow> {
  const [row] = await db
    .insert(storedFiles)
    .values({
      owner_id: values.ownerId,
      key: values.key,
      area: values.area,
      mime_type: values.mimeType,
      size_bytes: values.sizeBytes,
      original_name: values.originalName,
    })
    .returning();
  return row;
}

export async function findStoredFileByKey(db: Executor, key: string): Promise<StoredFileRow | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  return row;
}

export async function findStoredFileById(db: Executor, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

export async function deleteStoredFileById(db: Executor, id: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.id, id));
}

/** The keys among `keys` that are stored files uploaded by `ownerId` (issue 25 N4). */
export async function keysOwnedBy(db: Executor, ownerId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(and(eq(storedFiles.owner_id, ownerId), inArray(storedFiles.key, keys)));
  return new Set(rows.map((row) => row.key));
}
