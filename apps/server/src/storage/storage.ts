import path from "node:path";
import type { Env } from "../env.ts";
import type { Storage } from "./common.ts";
import { createLocalStorage } from "./local.ts";
import { createS3Storage } from "./s3.ts";

export * from "./common.ts";

/** Where the local adapter keeps files: `<DATA_DIR>/uploads`. */
export function localUploadsDir(env: Pick<Env, "dataDir">): string {
  return path.join(env.dataDir, "uploads");
}

/**
 * The storage configured by the environment: an S3-compatible bucket when `env.s3` is set
 * (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION, S3_FORCE_PATH_STYLE),
 * otherwise local disk under `<DATA_DIR>/uploads` (created on first write).
 */
export function createStorage(env: Pick<Env, "dataDir" | "s3">): Storage {
  return env.s3 ? createS3Storage(env.s3) : createLocalStorage(localUploadsDir(env));
}
