import { cpSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { inject } from "vitest";

/**
 * The arguments after `node` that start an Academy server process in tests: the bundle that
 * `npm start` runs, built once by global-setup.ts (scripts/build-server.mjs). Its start costs about
 * a third of the CPU time of `--import tsx apps/server/src/index.ts` (docs/testing.md).
 */
export function serverProcessArgs(): string[] {
  return [inject("serverBundle")];
}

/**
 * Gives `dataDir` the suite's migrated PGlite database (`<dataDir>/pglite`, copied from the data
 * directory global-setup.ts wrote), unless it already has one, so a server started on it only
 * checks the migrations. On PostgreSQL runs it does nothing. Returns `dataDir`.
 */
export function withMigratedPglite(dataDir: string): string {
  const info = inject("testDatabase");
  const target = path.join(dataDir, "pglite");
  if (info.kind === "pglite" && !existsSync(target)) cpSync(info.dataDir, target, { recursive: true });
  return dataDir;
}

/**
 * A TCP port on 127.0.0.1 that the system just handed out as free (listen on 0, then close), for a
 * server process a test starts. A random number instead can fall in the ephemeral range and be
 * taken by an outgoing connection of another test (EADDRINUSE).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
