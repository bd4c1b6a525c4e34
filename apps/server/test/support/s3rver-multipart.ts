import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A real S3 protocol server in-process for tests: s3rver 3.7.1 (SigV4 checked, objects on disk),
 * with a small shim in front for the three multipart calls s3rver does not implement and
 * `@tus/s3-store` needs (decision 0235):
 * - ListParts (`GET /<bucket>/<key>?uploadId=…`): s3rver answers 405 MethodNotAllowed;
 * - AbortMultipartUpload (`DELETE /<bucket>/<key>?uploadId=…`): s3rver answers 405;
 * - ListMultipartUploads (`GET /<bucket>?uploads`): s3rver answers 501 NotImplemented.
 * The shim answers them from s3rver's own part files (`<dir>/<bucket>/._S3rver_uploads/<uploadId>/
 * <partNumber>` with `.md5`, and `key`), in S3's XML, without checking the signature. Everything
 * else — CreateMultipartUpload, UploadPart, CompleteMultipartUpload, PutObject, GetObject (ranges),
 * HeadObject, CopyObject, DeleteObject(s) — is s3rver's.
 */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The folder s3rver keeps its objects in. */
  directory: string;
  /** Open multipart uploads as the shim sees them (upload id → object key). */
  openUploads(): Map<string, string>;
  /** Keys of the objects stored in the bucket. */
  objectKeys(): string[];
  close(): Promise<void>;
}

interface S3rverInstance {
  configureBuckets(): Promise<void>;
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
}

const require = createRequire(import.meta.url);
const S3rver = require("s3rver") as new (options: Record<string, unknown>) => S3rverInstance;

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startTestS3(bucket = "academy-test"): Promise<TestS3> {
  const directory = path.join(os.tmpdir(), `academy-s3rver-${process.pid}-${Date.now()}`);
  mkdirSync(directory, { recursive: true });
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const uploadsDir = path.join(directory, bucket, "._S3rver_uploads");

  const openUploads = () => {
    const out = new Map<string, string>();
    let ids: string[] = [];
    try {
      ids = readdirSync(uploadsDir);
    } catch {}
    for (const id of ids) {
      try {
        out.set(id, readFileSync(path.join(uploadsDir, id, "key"), "utf8"));
      } catch {}
    }
    return out;
  };

  const send = (res: http.ServerResponse, status: number, xml: string) => {
    res.writeHead(status, { "content-type": "application/xml" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
  };
  const noSuchUpload = (res: http.ServerResponse) =>
    send(
      res,
      404,
      "<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>",
    );

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://s3");
    const [, bucketName, ...keyParts] = url.pathname.split("/");
    const key = decodeURIComponent(keyParts.join("/"));
    const uploadId = url.searchParams.get("uploadId");
    if (bucketName === bucket && key && uploadId && (req.method === "GET" || req.method === "DELETE")) {
      req.resume();
      const dir = path.join(uploadsDir, path.basename(uploadId));
      let partFiles: string[];
      try {
        partFiles = readdirSync(dir).filter((name) => /^\d+$/.test(name));
      } catch {
        noSuchUpload(res);
        return;
      }
      if (req.method === "DELETE") {
        rmSync(dir, { recursive: true, force: true });
        res.writeHead(204).end();
        return;
      }
      const parts = partFiles
        .map(Number)
        .sort((a, b) => a - b)
        .map((n) => {
          const file = path.join(dir, String(n));
          const md5 = readFileSync(`${file}.md5`, "utf8");
          const info = statSync(file);
          return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
        });
      send(
        res,
        200,
        `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${xmlEscape(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`,
      );
      return;
    }
    if (bucketName === bucket && !key && req.method === "GET" && url.searchParams.has("uploads")) {
      req.resume();
      const uploads = [...openUploads()].map(([id, objectKey]) => {
        const initiated = statSync(path.join(uploadsDir, id, "key")).mtime.toISOString();
        return `<Upload><Key>${xmlEscape(objectKey)}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`;
      });
      send(
        res,
        200,
        `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join("")}</ListMultipartUploadsResult>`,
      );
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    directory,
    openUploads,
    objectKeys() {
      const root = path.join(directory, bucket);
      const keys: string[] = [];
      const walk = (dir: string, prefix: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          if (entry.name === "._S3rver_uploads") continue;
          const match = /^(.*)\._S3rver_object$/.exec(entry.name);
          if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
          else if (match) keys.push(`${prefix}${match[1]}`);
        }
      };
      walk(root, "");
      return keys.sort();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
