import { createReadStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import type { Env } from "../env.ts";
import {
  assertRangeWithin,
  assertValidKey,
  type ByteRange,
  isBucketObject,
  isStagedFile,
  type Storage,
  StorageKeyExistsError,
  StorageRangeError,
  type StoredObject,
} from "./common.ts";

/** What the S3 adapter needs of an S3 client (an `S3Client`, or a fake in tests). */
export interface S3Sender {
  send(
    command: PutObjectCommand | GetObjectCommand | DeleteObjectCommand | CopyObjectCommand,
  ): Promise<unknown>;
}

export type S3Config = NonNullable<Env["s3"]>;

/** `Cache-Control` stored with every object (spec 001 §7 "cache 3600"): one hour, in seconds. */
export const OBJECT_CACHE_CONTROL = "public, max-age=3600";

/**
 * The S3 client for an S3-compatible endpoint (AWS, MinIO, Cloudflare R2, Backblaze B2, …).
 * Checksums are sent and checked only when an operation requires them, because several
 * S3-compatible stores reject the SDK's default CRC32 headers.
 */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client(s3ClientOptions(config));
}

/** The S3 client options of `createS3Client` (also given to `@tus/s3-store`, which makes its own client). */
export function s3ClientOptions(config: S3Config): S3ClientConfig {
  return {
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function errorName(error: unknown): string | undefined {
  return (error as { name?: string } | undefined)?.name;
}

/** The whole object's size from `Content-Range: bytes 0-99/1234`, else from Content-Length. */
function totalSize(output: GetObjectCommandOutput): number | undefined {
  const match = /\/(\d+)\s*$/.exec(output.ContentRange ?? "");
  if (match) return Number(match[1]);
  return output.ContentLength;
}

/**
 * Storage in one bucket of an S3-compatible store.
 * - put: PutObject with `If-None-Match: *` (no overwrite; HTTP 412/409 → StorageKeyExistsError),
 *   ContentType, ContentLength and `Cache-Control: public, max-age=3600`. A staged upload is
 *   streamed from its file in one PUT (S3 takes up to 5 GB per PUT; Academy's largest is 500 MB),
 *   so memory stays flat and the no-overwrite condition still applies (decision 0161). A
 *   `BucketObject` (a finished tus upload in the same bucket, decision 0235) is copied with
 *   CopyObject (server-side, up to 5 GB), with the same headers and `If-None-Match: *`.
 * - get: GetObject, with `Range: bytes=start-end` when a range is given; NoSuchKey/404 → undefined,
 *   416 → StorageRangeError.
 * - delete: DeleteObject (S3 answers success for a missing key).
 * @param client injectable for tests; defaults to `createS3Client(config)`.
 */
export function createS3Storage(config: S3Config, client: S3Sender = createS3Client(config)): Storage {
  const Bucket = config.bucket;
  return {
    kind: "s3",
    s3Config: config,
    stagingDir: path.join(os.tmpdir(), "academy-incoming"),

    async put(key, body, contentType) {
      assertValidKey(key);
      try {
        if (isBucketObject(body)) {
          assertValidKey(body.bucketKey);
          await client.send(
            new CopyObjectCommand({
              Bucket,
              Key: key,
              CopySource: `${Bucket}/${body.bucketKey}`,
              MetadataDirective: "REPLACE",
              ContentType: contentType,
              CacheControl: OBJECT_CACHE_CONTROL,
              IfNoneMatch: "*",
            }),
          );
          return;
        }
        const staged = isStagedFile(body);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: staged ? createReadStream(body.path) : body,
            ContentType: contentType,
            ContentLength: staged ? body.size : body.byteLength,
            CacheControl: OBJECT_CACHE_CONTROL,
            IfNoneMatch: "*",
          }),
        );
      } catch (error) {
        const status = httpStatus(error);
        if (status === 412 || status === 409 || errorName(error) === "PreconditionFailed")
          throw new StorageKeyExistsError(key);
        throw error;
      }
    },

    async get(key, range?: ByteRange): Promise<StoredObject | undefined> {
      assertValidKey(key);
      if (range) assertRangeWithin(range, Number.MAX_SAFE_INTEGER);
      let output: GetObjectCommandOutput;
      try {
        output = (await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        )) as GetObjectCommandOutput;
      } catch (error) {
        if (errorName(error) === "NoSuchKey" || httpStatus(error) === 404) return undefined;
        if (httpStatus(error) === 416 && range) throw new StorageRangeError(range);
        throw error;
      }
      if (!output.Body) return undefined;
      const size = totalSize(output) ?? 0;
      if (range && range.end >= size) {
        // S3 shortens a range that runs past the end; the caller asked for bytes that do not exist.
        await output.Body.transformToWebStream().cancel();
        throw new StorageRangeError(range, size);
      }
      return {
        body: output.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        size,
        contentType: output.ContentType,
      };
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
