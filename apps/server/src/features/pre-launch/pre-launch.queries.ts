import type { Executor } from "../../db/client.ts";
import { preLaunchSignups } from "../../db/schema/index.ts";

/** Inserts one early-access address. Throws the driver's unique violation (23505) on a duplicate. */
export async function insertSignup(db: Executor, email: string): Promise<void> {
  await db.insert(preLaunchSignups).values({ email });
}
