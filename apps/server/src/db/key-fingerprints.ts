import { scrypt, scryptSync } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "./client.ts";
import { instanceKeys } from "./schema/index.ts";

/** A server whose shared keys differ from those recorded in the database. */
export class KeyMismatchError extends Error {
  constructor(readonly variables: string[]) {
    super(
      `${variables.join(" and ")} ${variables.length > 1 ? "differ" : "differs"} from the one the other Academy servers on this database use. ` +
        `Every server sharing a database must have the same ${variables.join(" and ")}: set ${variables.length > 1 ? "them" : "it"} to the value the first server uses ` +
        `(its environment, or the file in its DATA_DIR). Nothing was changed.`,
    );
    this.name = "KeyMismatchError";
  }
}

/**
 * A one-way fingerprint of a key (scrypt, N=2^14, 16 bytes, hex), salted with the variable's name.
 * Stored in the database, it tells whether two servers share a key without revealing it.
 */
export function keyFingerprint(name: string, key: string | Buffer): string {
  return scryptSync(key, `academy-key-fingerprint:${name}`, 16).toString("hex");
}

/** A key's name and fingerprint, as stored in instance_keys. */
export interface KeyFingerprint {
  name: string;
  fingerprint: string;
}

/**
 * `keyFingerprint` of each key, computed on libuv's thread pool (two scrypt runs cost ~100 ms of
 * CPU): start it before opening the database and the main thread never waits for it (issue 17 §12).
 */
export function fingerprintKeys(keys: Record<string, string | Buffer>): Promise<KeyFingerprint[]> {
  return Promise.all(
    Object.entries(keys).map(
      ([name, key]) =>
        new Promise<KeyFingerprint>((resolve, reject) =>
          scrypt(key, `academy-key-fingerprint:${name}`, 16, (error, digest) =>
            error ? reject(error) : resolve({ name, fingerprint: digest.toString("hex") }),
          ),
        ),
    ),
  );
}

/**
 * Records the fingerprints of the shared keys on first start and compares them on every later
 * start (issue 16 item 9): servers on one database with different AUTH_SECRET cannot read each
 * other's sessions, and with different ENCRYPTION_KEY cannot decrypt payment-method secrets.
 * @param keys by environment variable name, e.g. `{ AUTH_SECRET: "…", ENCRYPTION_KEY: <Buffer> }`, or
 *   their fingerprints from `fingerprintKeys` (started earlier).
 * @throws KeyMismatchError naming each variable whose fingerprint differs.
 */
export async function checkKeyFingerprints(
  db: Db,
  keys: Record<string, string | Buffer> | Promise<KeyFingerprint[]>,
): Promise<void> {
  const mine = keys instanceof Promise ? await keys : await fingerprintKeys(keys);
  await db.insert(instanceKeys).values(mine).onConflictDoNothing();
  const stored = await db
    .select({ name: instanceKeys.name, fingerprint: instanceKeys.fingerprint })
    .from(instanceKeys)
    .where(
      inArray(
        instanceKeys.name,
        mine.map((key) => key.name),
      ),
    );
  const differing = mine
    .filter((key) => stored.some((row) => row.name === key.name && row.fingerprint !== key.fingerprint))
    .map((key) => key.name);
  if (differing.length > 0) throw new KeyMismatchError(differing);
}
