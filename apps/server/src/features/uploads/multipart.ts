import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { fileTooLargeMessage, uploadLimit } from "@academy/shared/rules/upload-areas";
import busboy from "busboy";
import { AppError } from "../../lib/errors.ts";

/** Room allowed for the multipart framing (boundaries, part headers, the area field) in bytes. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** What `readUploadForm` found in the body. */
export interface UploadForm {
  /** The `area` field, else the `?area=` hint; not yet validated. */
  area: string | undefined;
  /** The `file` part, or undefined when the form had none. */
  file: { bytes: Uint8Array; name: string | undefined } | undefined;
}

function tooLarge(area: string | undefined): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(uploadLimit(area).maxMb));
}

/**
 * Reads a `multipart/form-data` upload (fields `file` and `area`) with a size limit applied before
 * and while reading, so an oversized body is refused without being buffered:
 * 1. a `Content-Length` larger than the limit (+ MULTIPART_OVERHEAD_BYTES) is refused at once;
 * 2. while the file streams in, it is refused as soon as it passes the limit.
 * The limit is the area's (`?area=` hint, or an `area` field sent before the file), otherwise the
 * largest of all areas; the service checks the final area's limit again.
 * The file is kept in memory (at most the limit); other fields and parts are ignored.
 * @throws AppError PAYLOAD_TOO_LARGE `File size must be less than {n}MB`; UNSUPPORTED_MEDIA_TYPE for
 *   another Content-Type; BAD_REQUEST for a malformed body or when hint and field disagree.
 */
export async function readUploadForm(request: Request, areaHint: string | undefined): Promise<UploadForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data.");
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > uploadLimit(areaHint).maxBytes + MULTIPART_OVERHEAD_BYTES)
    throw tooLarge(areaHint);
  if (!request.body) return { area: areaHint, file: undefined };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { files: 1, fields: 10, fieldSize: 1024, parts: 20, fieldNameSize: 100 },
    });
  } catch {
    throw new AppError("BAD_REQUEST", "The upload could not be read.");
  }
  const source = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);

  return new Promise<UploadForm>((resolve, reject) => {
    let settled = false;
    let fieldArea: string | undefined;
    let file: { chunks: Buffer[]; size: number; name: string | undefined } | undefined;
    const currentArea = () => fieldArea ?? areaHint;

    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
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
      const current = { chunks: [] as Buffer[], size: 0, name: info.filename || undefined };
      file = current;
      stream.on("data", (chunk: Buffer) => {
        if (settled) return;
        current.size += chunk.length;
        if (current.size > uploadLimit(currentArea()).maxBytes) {
          stream.resume();
          fail(tooLarge(currentArea()));
          return;
        }
        current.chunks.push(chunk);
      });
    });

    parser.on("error", () => fail(new AppError("BAD_REQUEST", "The upload could not be read.")));
    source.on("error", () => fail(new AppError("BAD_REQUEST", "The upload could not be read.")));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({
        area: currentArea(),
        file: file && { bytes: Buffer.concat(file.chunks, file.size), name: file.name },
      });
    });
    source.pipe(parser);
  });
}
