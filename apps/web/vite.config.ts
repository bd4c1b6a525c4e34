import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" } },
  build: {
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // bench/benchmarks/route-js.ts reads each route's JS from the manifest (issue 17 §14).
    manifest: true,
    // Calls on zod's `z` build schemas and nothing else, so one whose result nobody uses is dropped
    // (decision 0245). A `z.…` call kept only for its effect (e.g. `z.config(…)` for error
    // messages) would be dropped too: call it where its result is used, or drop this line.
    rolldownOptions: { treeshake: { manualPureFunctions: ["z"] } },
  },
});
