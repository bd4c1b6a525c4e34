// `npm run restore FILE`: brings a backup made by `npm run backup` back into DATA_DIR, which must be
// empty (or absent) and not in use. Then start the server as usual.
import path from "node:path";
import { loadEnv } from "../apps/server/src/env.ts";
import { restoreBackup } from "../apps/server/src/features/operations/backup.ts";

const env = loadEnv();
const file = process.argv[2];
if (!file) {
  console.error("usage: npm run restore FILE   (into DATA_DIR, which must be empty)");
  process.exit(1);
}
try {
  await restoreBackup(path.resolve(file), env.dataDir);
  console.log(`academy restore: ${file} restored into ${env.dataDir}`);
} catch (error) {
  console.error(`academy restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
