import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { constants, copyFile, link, mkdir, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  assertRangeWithin,
  assertValidKey,
  type ByteRange,
  isBucketObject,
  isStagedFile,
  type Storage,
  StorageKeyError,
  StorageKeyExistsError,
  type StoredObject,
} from "./common.ts";

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null ? (error as { code?: string }).code : undefined;
}

/**
 * Storage on the local disk under `root` (normally `<DATA_DIR>/uploads`): the key is the file's path
 * relative to `root`. Writes are atomic and never overwrite: the bytes go to a temporary file in the
 * target folder, which is then hard-linked to the final name (`link` fails with EEXIST when the name
 * is taken) and removed. The content type is not kept on disk (the stored_files row has it).
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);

  /** The absolute path of a key, checked to stay inside `base` (defence in depth after assertValidKey). */
  function fileOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(base, ...key.split("/"));
    if (!file.startsWith(base + path.sep)) throw new StorageKeyError(key);
    return file;
  }

  return {
    kind: "local",
    stagingDir: path.join(base, ".incoming"),

    async put(key, bytes) {
      const file = fileOf(key);
      if (isBucketObject(bytes)) throw new Error("Local storage has no bucket objects to copy.");
      await mkdir(path.dirname(file), { recursive: true });
      if (isStagedFile(bytes)) {
        try {
          await link(bytes.path, file);
        } catch (error) {
          if (errorCode(error) === "EEXIST") throw new StorageKeyExistsError(key);
          if (errorCode(error) !== "EXDEV") throw error;
          // Staged on another disk: copy, still never overwriting.
          await copyFile(bytes.path, file, constants.COPYFILE_EXCL).catch((copyError: unknown) => {
            throw errorCode(copyError) === "EEXIST" ? new StorageKeyExistsError(key) : copyError;
          });
        }
        return;
      }
      const temp = `${file}.${randomBytes(6).toString("hex")}.partial`;
      await writeFile(temp, bytes, { flag: "wx" });
      try {
        await link(temp, file);
      } catch (error) {
        if (errorCode(error) === "EEXIST") throw new StorageKeyExistsError(key);
        throw error;
      } finally {
        await unlink(temp).catch(() => {});
      }
    },

    async get(key, range?: ByteRange): Promise<StoredObject | undefined> {
      const file = fileOf(key);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        size = info.size;
      } catch (error) {
        if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") return undefined;
        throw error;
      }
      if (range) assertRangeWithin(range, size);
      // An empty file cannot be opened with start/end (end would be -1).
      const stream =
        size === 0
          ? Readable.from([])
          : createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size };
    },

    async delete(key) {
      await unlink(fileOf(key)).catch((error: unknown) => {
        if (errorCode(error) !== "ENOENT" && errorCode(error) !== "ENOTDIR") throw error;
      });
    },
  };
}
