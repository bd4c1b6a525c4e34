import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { fileTooLargeMessage, uploadLimit } from "@academy/shared/rules/upload-areas";
import busboy from "busboy";
import { AppError } from "../../lib/errors.ts";
import type { StagedFile } from "../../storage/storage.ts";

/** Room allowed for the multipart framing (boundaries, part headers, the area field) in bytes. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** What `readUploadForm` found in the body. */
export interface UploadForm {
  /** The `area` field, else the `?area=` hint; not yet validated. */
  area: string | undefined;
  /** The `file` part, written to a staging file, or undefined when the form had none. */
  file: (StagedFile & { name: string | undefined }) | undefined;
  /** Removes the staging file (call when done, whatever happened; never throws). */
  discard(): Promise<void>;
}

function tooLarge(area: string | undefined): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(uploadLimit(area).maxMb));
}

const unreadable = () => new AppError("BAD_REQUEST", "The upload could not be read.");

/**
 * The checks of an upload that need only its headers (issue 25 N3), run by the app before
 * authentication and again by `readUploadForm`: the body must be `multipart/form-data` with a
 * boundary (a JSON or other body is refused at once, never read), and a declared `Content-Length`
 * must fit the area's limit (`?area=` hint; otherwise the largest area's) + MULTIPART_OVERHEAD_BYTES.
 * A body without Content-Length (chunked) is limited while it streams (readUploadForm).
 * @throws AppError UNSUPPORTED_MEDIA_TYPE `Send the file as multipart/form-data.`;
 *   PAYLOAD_TOO_LARGE `File size must be less than {n}MB`.
 */
export function assertUploadHeaders(headers: Headers, areaHint: string | undefined): void {
  const contentType = headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data.");
  const declared = Number(headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > uploadLimit(areaHint).maxBytes + MULTIPART_OVERHEAD_BYTES)
    throw tooLarge(areaHint);
}

/**
 * Reads a `multipart/form-data` upload (fields `file` and `area`), streaming the file to a staging
 * file in `stagingDir` so memory stays flat whatever the size (issue 16 item 2; a 500 MB lesson
 * video holds about one 64 kB chunk at a time). The size limit applies before and while reading:
 * 1. a `Content-Length` larger than the limit (+ MULTIPART_OVERHEAD_BYTES) is refused at once;
 * 2. while the file streams in, it is refused as soon as it passes the limit (the staging file is
 *    removed, the rest of the body is not read); the whole body is held to the limit +
 *    MULTIPART_OVERHEAD_BYTES the same way (a body without a file part is not read to its end).
 * The limit is the area's (`?area=` hint, or an `area` field sent before the file), otherwise the
 * largest of all areas; the service checks the final area's limit and the file's type again.
 * Other fields and parts are ignored.
 * @returns the form; the caller must call `discard()` after storing (or refusing) the file.
 * @throws AppError PAYLOAD_TOO_LARGE `File size must be less than {n}MB`; UNSUPPORTED_MEDIA_TYPE for
 *   another Content-Type; BAD_REQUEST for a malformed body or when hint and field disagree.
 */
export async function readUploadForm(
  request: Request,
  areaHint: string | undefined,
  stagingDir: string,
): Promise<UploadForm> {
  assertUploadHeaders(request.headers, areaHint);
  const contentType = request.headers.get("content-type") ?? "";
  const nothing: UploadForm = { area: areaHint, file: undefined, discard: async () => {} };
  if (!request.body) return nothing;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { files: 1, fields: 10, fieldSize: 1024, parts: 20, fieldNameSize: 100 },
    });
  } catch {
    throw unreadable();
  }
  await mkdir(stagingDir, { recursive: true });
  const source = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);
  const stagedPath = path.join(stagingDir, `${Date.now()}-${randomBytes(8).toString("hex")}.part`);
  const removeStaged = () => unlink(stagedPath).catch(() => {});

  let fieldArea: string | undefined;
  const currentArea = () => fieldArea ?? areaHint;
  let file: { size: number; name: string | undefined; written: Promise<void> } | undefined;
  let failure: AppError | undefined;

  const parsed = new Promise<void>((resolve, reject) => {
    const fail = (error: AppError) => {
      if (failure) return;
      failure = error;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners();
      parser.on("error", () => {});
      reject(error);
    };

    parser.on("field", (name, value) => {
      if (name !== "area") return;
      const area = value.trim();
      if (areaHint !== undefined && area !== areaHint) {
        fail(new AppError("BAD_REQUEST", "The area in the form differs from the one in the address."));
        return;
      }
      fieldArea = area;
    });

    parser.on("file", (name, stream, info) => {
      if (name !== "file" || file) {
        stream.resume();
        return;
      }
      const current = { size: 0, name: info.filename || undefined, written: Promise.resolve() };
      const limiter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          current.size += chunk.length;
          if (current.size > uploadLimit(currentArea()).maxBytes) callback(tooLarge(currentArea()));
          else callback(null, chunk);
        },
      });
      current.written = pipeline(stream, limiter, createWriteStream(stagedPath, { flags: "wx" })).catch(
        (error: unknown) => {
          stream.resume();
          fail(error instanceof AppError ? error : unreadable());
        },
      );
      file = current;
    });

    parser.on("error", () => fail(unreadable()));
    source.on("error", () => fail(unreadable()));
    // The whole body counts too (issue 25 N3): a body that never opens a file part (busboy skips
    // a preamble of any length) stops at the same limit instead of being read to its end.
    let bodyBytes = 0;
    source.on("data", (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > uploadLimit(currentArea()).maxBytes + MULTIPART_OVERHEAD_BYTES)
        fail(tooLarge(currentArea()));
    });
    parser.on("close", () => resolve());
    source.pipe(parser);
  });

  try {
    await parsed;
    await file?.written;
    if (failure) throw failure;
  } catch (error) {
    await removeStaged();
    throw error;
  }
  return {
    area: currentArea(),
    file: file && { path: stagedPath, size: file.size, name: file.name },
    discard: removeStaged,
  };
}
