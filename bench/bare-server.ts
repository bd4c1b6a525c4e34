// Baseline for the throughput benchmark: a bare node:http server that answers fixed paths with
// bytes and content-type captured from Academy. Usage: bare-server.ts <fixtures.json> <port>
// where fixtures.json is { "<path>": { "contentType": string, "bodyBase64": string } }.
import { readFileSync } from "node:fs";
import http from "node:http";

interface Fixture {
  contentType: string;
  bodyBase64: string;
}

const [fixturesFile, portArg] = process.argv.slice(2);
if (!fixturesFile || !portArg) {
  console.error("usage: bare-server.ts <fixtures.json> <port>");
  process.exit(2);
}
const fixtures = JSON.parse(readFileSync(fixturesFile, "utf8")) as Record<string, Fixture>;
const routes = new Map(
  Object.entries(fixtures).map(([route, fixture]) => [
    route,
    { contentType: fixture.contentType, body: Buffer.from(fixture.bodyBase64, "base64") },
  ]),
);

const server = http.createServer((req, res) => {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const route = routes.get(query === -1 ? url : url.slice(0, query));
  if (!route) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    return;
  }
  res.writeHead(200, { "content-type": route.contentType, "content-length": route.body.length });
  res.end(route.body);
});

server.listen(Number(portArg), "127.0.0.1", () => {
  console.log(`bare-server listening on ${portArg}`);
});

const shutdown = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
