import { ADMIN_MESSAGES, type BrandingKit, type brandingKitInputSchema } from "@academy/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { requireAdmin } from "../../auth/roles.ts";
import type { Db, Executor } from "../../db/client.ts";
import { brandingKits } from "../../db/schema/index.ts";
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { selectBrandingKits } from "./admin.queries.ts";
import { actorOf } from "./admin.shared.ts";
import { recordAudit } from "./audit.ts";

// Branding kits (issue 14): named colour and font sets creators may apply to their school.

function toKit(row: typeof brandingKits.$inferSelect): BrandingKit {
  return {
    id: row.id,
    name: row.name,
    theme: row.theme as BrandingKit["theme"],
    colors: row.colors as BrandingKit["colors"],
    fonts: row.fonts,
    radius: row.radius,
    isActive: row.is_active,
  };
}

/**
 * The branding kits (spec 001 §9 themes). `all` (admins only) includes inactive kits; otherwise
 * any signed-in user gets the active ones, to apply to their school and landing pages.
 * @throws UNAUTHORIZED, FORBIDDEN (all, non-admin).
 */
export async function listBrandingKits(
  db: Db,
  actor: SessionUser | null,
  all = false,
): Promise<BrandingKit[]> {
  if (all) await requireAdmin(db, actor);
  else if (!actor) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  return (await selectBrandingKits(db, !all)).map(toKit);
}

/** One active branding kit by id, for features that apply it (issue 15 Branding). @returns undefined when absent. */
export async function getBrandingKit(db: Executor, id: string): Promise<BrandingKit | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(brandingKits).where(eq(brandingKits.id, id));
  return row?.is_active ? toKit(row) : undefined;
}

/** Adds (id undefined) or edits a branding kit, audited. @throws FORBIDDEN, NOT_FOUND, CONFLICT (name). */
export async function saveBrandingKit(
  db: Db,
  actor: SessionUser | null,
  id: string | undefined,
  input: z.output<typeof brandingKitInputSchema>,
): Promise<BrandingKit> {
  const admin = await requireAdmin(db, actor);
  const values = {
    name: input.name,
    theme: input.theme,
    colors: input.colors,
    fonts: input.fonts,
    radius: input.radius,
    is_active: input.isActive,
  };
  try {
    return await db.transaction(async (tx) => {
      let before: BrandingKit | null = null;
      let row: typeof brandingKits.$inferSelect;
      if (id) {
        const [old] = await tx.select().from(brandingKits).where(eq(brandingKits.id, id)).for("update");
        if (!old) throw new AppError("NOT_FOUND", "Branding kit not found.");
        before = toKit(old);
        [row] = await tx
          .update(brandingKits)
          .set({ ...values, updated_at: new Date() })
          .where(eq(brandingKits.id, id))
          .returning();
      } else {
        [row] = await tx.insert(brandingKits).values(values).returning();
      }
      const after = toKit(row);
      await recordAudit(tx, actorOf(admin), {
        action: id ? "branding_kit.update" : "branding_kit.create",
        targetType: "branding_kit",
        targetId: row.id,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", ADMIN_MESSAGES.duplicate);
    throw error;
  }
}
