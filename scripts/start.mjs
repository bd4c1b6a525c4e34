#!/usr/bin/env node
// `npm start`: builds the web app and the server bundle when their sources are newer than the
// builds, then runs the bundled server (apps/server/dist/server.mjs, scripts/build-server.mjs) in
// this same process (so the PID npm reports is the server's).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distIndex = path.join(root, "apps/web/dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/public",
  "apps/web/vite.config.ts",
  "packages/shared/src",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Web app sources changed: rebuilding…" : "Building the web app (first start)…");
  const result = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { buildServer, SERVER_BUNDLE, serverBuildState } = await import("./build-server.mjs");
const serverState = serverBuildState();
if (serverState !== "fresh") {
  console.log(
    serverState === "stale"
      ? "Server sources changed: rebuilding the server…"
      : "Building the server (first start)…",
  );
  await buildServer();
}
await import(pathToFileURL(SERVER_BUNDLE).href);
