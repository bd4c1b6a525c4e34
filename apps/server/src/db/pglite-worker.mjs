// Worker-thread entry of the PGlite engine's own thread (pglite-thread.ts, decision 0243) when the
// server runs from its sources: plain JavaScript so it loads in any host (tsx, vitest); it
// registers tsx in this thread, then runs pglite-worker.ts. The bundle builds pglite-worker.ts
// itself into apps/server/dist/pglite-worker.mjs, next to server.mjs.
import { register } from "tsx/esm/api";

register();
await import("./pglite-worker.ts");
