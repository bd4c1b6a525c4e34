// Worker-thread entry of one Academy instance for the launch benchmark: worker threads do not
// inherit `node --import tsx`, so this registers tsx and loads the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./launch-instance.ts");
