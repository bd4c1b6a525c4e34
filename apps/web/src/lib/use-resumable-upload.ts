import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiError } from "./api-client";
import {
  findPreviousUploads,
  type ResumableUpload,
  startResumableUpload,
  type UploadProgress,
} from "./resumable-upload";
import type { UploadArea, UploadedFile } from "./upload-file";

/** A running upload as the progress panel shows it. */
export interface ActiveUpload {
  file: File;
  progress: UploadProgress;
  state: "uploading" | "paused" | "retrying";
}

/**
 * The state of one resumable (tus) upload to `area` for a form, shared by the lesson-video editor
 * and the Material Bank upload tab (issue 26 §1):
 * - `choose(file)`: when this browser has an interrupted upload of the same file (same name, size,
 *   type, last-modified; kept in localStorage, so it survives a reload), sets `offer` and waits for
 *   `begin(file, true)` (resume) or `begin(file, false)` (start over); otherwise begins at once;
 * - `active`: bar figures and state while it runs (retries after a dropped connection on its own);
 * - `pause`, `resume`, `cancel` (deletes the partial upload on the server).
 * `onSuccess` gets the stored file (the same body as POST /api/uploads); `onError` an ApiError
 * (status 0 when the network stayed down). The latest handlers are used, so they may read state.
 * An upload still running when the component unmounts is paused (it can be resumed later).
 */
export function useResumableUpload(
  area: UploadArea,
  handlers: { onSuccess(stored: UploadedFile, file: File): void; onError(error: ApiError): void },
) {
  const [active, setActive] = useState<ActiveUpload | null>(null);
  const [offer, setOffer] = useState<File | null>(null);
  const uploadRef = useRef<ResumableUpload | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(
    () => () => {
      uploadRef.current?.pause();
      uploadRef.current = null;
    },
    [],
  );

  const begin = useCallback(
    (file: File, resumePrevious: boolean) => {
      setOffer(null);
      setActive({
        file,
        progress: { sent: 0, total: file.size, bytesPerSecond: null, secondsLeft: null },
        state: "uploading",
      });
      const finish = () => {
        uploadRef.current = null;
        setActive(null);
      };
      uploadRef.current = startResumableUpload(
        file,
        area,
        {
          onProgress: (progress) =>
            setActive((current) =>
              current && current.state !== "paused" ? { ...current, progress, state: "uploading" } : current,
            ),
          onRetry: () => setActive((current) => (current ? { ...current, state: "retrying" } : current)),
          onSuccess: (stored) => {
            finish();
            handlersRef.current.onSuccess(stored, file);
          },
          onError: (error) => {
            finish();
            handlersRef.current.onError(error);
          },
        },
        { resumePrevious },
      );
    },
    [area],
  );

  const choose = useCallback(
    async (file: File) => {
      setOffer(null);
      const previous = await findPreviousUploads(file, area).catch(() => []);
      if (previous.length > 0) setOffer(file);
      else begin(file, false);
    },
    [area, begin],
  );

  return {
    active,
    offer,
    choose,
    begin,
    /** Forgets the offer without starting anything. */
    dismissOffer: () => setOffer(null),
    pause() {
      uploadRef.current?.pause();
      setActive((current) => (current ? { ...current, state: "paused" } : current));
    },
    resume() {
      setActive((current) => (current ? { ...current, state: "uploading" } : current));
      uploadRef.current?.resume();
    },
    /** Stops the upload and deletes what the server has of it. */
    cancel() {
      void uploadRef.current?.cancel();
      uploadRef.current = null;
      setActive(null);
    },
  };
}
