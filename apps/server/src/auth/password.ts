import { hash, verify } from "@node-rs/argon2";
import type { PasswordHashing } from "../env.ts";

/**
 * Password hashing that meets OWASP ASVS 5 (V11.4): argon2id with 46 MiB of memory, t = 1, p = 1
 * (OWASP's first recommended configuration). Verification is constant-time inside argon2.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 47_104,
  timeCost: 1,
  parallelism: 1,
} as const;

/**
 * The test suites' argon2id (1 MiB): about 6 ms a hash instead of 80, for suites that sign up a
 * thousand accounts. Only `env.passwordHashing === "fast-test"` selects it, which loadEnv allows
 * under NODE_ENV=test alone; hashes carry their parameters, so either kind verifies.
 */
const ARGON2_TEST_OPTIONS = { ...ARGON2_OPTIONS, memoryCost: 1024 } as const;

/** An argon2id PHC string (`$argon2id$v=19$m=…`) of `password` at the given cost profile. */
export function hashPassword(password: string, cost: PasswordHashing = "owasp"): Promise<string> {
  return hash(password, cost === "fast-test" ? ARGON2_TEST_OPTIONS : ARGON2_OPTIONS);
}

/** True when `data.password` matches the PHC string `data.hash` (false for a malformed hash). */
export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    return false;
  }
}
