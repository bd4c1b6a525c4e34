import { hash, verify } from "@node-rs/argon2";

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

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    return false;
  }
}
