/** Uploads go through the app-wide helper (lib/upload-file.ts). */
export { type UploadedFile, uploadFile } from "@/lib/upload-file";
