import { randomBytes } from "node:crypto";
import { type Certificate, LEARNING_MESSAGES } from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { isValidKey, type Storage } from "../../storage/storage.ts";
import {
  type CertificateRow,
  findCertificate,
  findCertificateOfEnrollment,
  findCertificateSchoolLogo,
  findIssueSource,
  insertCertificate,
} from "./certificates.queries.ts";
import { type PdfRenderer, sharedPdfRenderer } from "./pdf-renderer.ts";

/** Largest logo read into a certificate (the school-logo upload limit is 2 MB). */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** A stored logo's bytes and kind (by its magic bytes), or null when missing, too big or not PNG/JPEG. */
async function readLogo(
  storage: Storage,
  url: string,
): Promise<{ bytes: Uint8Array; kind: "png" | "jpeg" } | null> {
  const key = url.replace(/^\/files\//, "");
  if (!isValidKey(key)) return null;
  const object = await storage.get(key).catch(() => undefined);
  if (!object || object.size > MAX_LOGO_BYTES) {
    await object?.body.cancel();
    return null;
  }
  const bytes = new Uint8Array(await new Response(object.body).arrayBuffer());
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return { bytes, kind: "png" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return { bytes, kind: "jpeg" };
  return null;
}

/**
 * Letters of a certificate code: digits and capitals without the ones people confuse (0/O, 1/I).
 * 32 symbols, so one random byte's low 5 bits pick one without bias.
 */
export const CERTIFICATE_ID_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/** Length of a certificate code: 10 symbols of 5 bits = 50 random bits (unguessable, still typable). */
export const CERTIFICATE_ID_LENGTH = 10;
/** Attempts at a fresh code before giving up (a collision is a one-in-10^15 event per attempt). */
const MAX_ID_ATTEMPTS = 5;

/** A new random certificate code: CERTIFICATE_ID_LENGTH symbols of CERTIFICATE_ID_ALPHABET (crypto.randomBytes). */
export function newCertificateId(): string {
  let id = "";
  for (const byte of randomBytes(CERTIFICATE_ID_LENGTH)) id += CERTIFICATE_ID_ALPHABET[byte & 31];
  return id;
}

/**
 * A code as a person may have typed it (lower case, spaces, dashes) in its stored form, or
 * undefined when it cannot be a certificate code at all.
 */
export function normalizeCertificateId(raw: string): string | undefined {
  const id = raw.trim().toUpperCase().replace(/[\s-]/g, "");
  return /^[0-9A-Z]{4,32}$/.test(id) ? id : undefined;
}

/** The app-relative public verification page of a certificate: `/certificates/{id}`. */
export function certificatePath(id: string): string {
  return `/certificates/${id}`;
}

/** The absolute verification URL printed on the certificate and encoded in its QR code. */
export function certificateVerifyUrl(appUrl: string, id: string): string {
  return `${appUrl.replace(/\/+$/, "")}${certificatePath(id)}`;
}

/** The student's name on a certificate: the profile's full name, else the e-mail address. */
function studentNameOf(source: {
  fullName: string | null;
  profileEmail: string | null;
  accountEmail: string;
}): string {
  return (source.fullName?.trim() || source.profileEmail || source.accountEmail).normalize("NFC");
}

/**
 * Issues the certificate of an enrolment (001 §4: on completion the enrolment gets
 * certificate_issued and a certificate link; issue 4). Idempotent: when the enrolment already has a
 * certificate, that one is returned (also when a concurrent call issued it first). A new one gets a
 * random code (newCertificateId, retried on the rare collision) and snapshots the student's name
 * (profile full_name, else e-mail), the course title, the school name (the course's school, else
 * its creator's; null when none) and the enrolment's completion_date (now when unset).
 * Does NOT update the enrolment: the caller sets certificate_issued and certificate_url = `url`,
 * usually in the same transaction `tx`. Does not check that the course is complete (the caller does).
 * @param input.appUrl the app's public origin (APP_URL); `url` stays app-relative, so it survives a
 *   change of domain.
 * @returns `{ id, url, courseTitle }` with url `/certificates/{id}` and the title it was issued for.
 * @throws AppError NOT_FOUND when the enrolment does not exist; INTERNAL when no free code was found.
 */
export async function issueCertificate(
  tx: Executor,
  input: { enrollmentId: string; appUrl: string },
): Promise<{ id: string; url: string; courseTitle: string }> {
  const existing = await findCertificateOfEnrollment(tx, input.enrollmentId);
  if (existing)
    return { id: existing.id, url: certificatePath(existing.id), courseTitle: existing.course_title };
  const source = await findIssueSource(tx, input.enrollmentId);
  if (!source) throw new AppError("NOT_FOUND", "Enrolment not found.");
  for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
    const row = await insertCertificate(tx, {
      id: newCertificateId(),
      enrollment_id: source.enrollmentId,
      student_id: source.studentId,
      course_id: source.courseId,
      student_name: studentNameOf(source),
      course_title: source.courseTitle.normalize("NFC"),
      school_name: (source.courseSchoolName ?? source.creatorSchoolName)?.normalize("NFC") ?? null,
      completion_date: source.completionDate ?? new Date(),
    });
    if (row) return { id: row.id, url: certificatePath(row.id), courseTitle: row.course_title };
    // Nothing inserted: either another request issued this enrolment's certificate meanwhile, or
    // the random code was taken (then try another).
    const raced = await findCertificateOfEnrollment(tx, input.enrollmentId);
    if (raced) return { id: raced.id, url: certificatePath(raced.id), courseTitle: raced.course_title };
  }
  throw new AppError("INTERNAL", "Could not issue the certificate. Please try again.");
}

/** Maps a certificate row to the public DTO (dates as ISO 8601; verifyUrl absolute, pdfUrl app-relative). */
export function toCertificate(row: CertificateRow, appUrl: string): Certificate {
  return {
    id: row.id,
    studentName: row.student_name,
    courseTitle: row.course_title,
    schoolName: row.school_name,
    completionDate: row.completion_date.toISOString(),
    issuedAt: row.issued_at.toISOString(),
    verifyUrl: certificateVerifyUrl(appUrl, row.id),
    pdfUrl: `/api/certificates/${row.id}/pdf`,
  };
}

/**
 * A certificate by its code as typed (case, spaces and dashes ignored), or undefined. Public: the
 * code is the secret (50 random bits).
 */
export async function findPublicCertificate(
  db: Db,
  rawId: string,
  appUrl: string,
): Promise<Certificate | undefined> {
  const id = normalizeCertificateId(rawId);
  const row = id ? await findCertificate(db, id) : undefined;
  return row ? toCertificate(row, appUrl) : undefined;
}

/**
 * The public verification of a certificate (/certificates/{id}; issue 4; 000 §2, 001 §4): who
 * completed which course of which school, and when. Anyone with the code may see it.
 * @throws AppError NOT_FOUND with LEARNING_MESSAGES.certificateUnknown for an unknown code.
 */
export async function getCertificate(db: Db, rawId: string, appUrl: string): Promise<Certificate> {
  const certificate = await findPublicCertificate(db, rawId, appUrl);
  if (!certificate) throw new AppError("NOT_FOUND", LEARNING_MESSAGES.certificateUnknown);
  return certificate;
}

/** Rendered PDFs by certificate content (a render takes 0.1–0.5 s of CPU; certificates never change). */
const pdfCache = new Map<string, Uint8Array>();
/** At most this many PDFs (about 36 kB each) are kept in memory per process. */
const PDF_CACHE_SIZE = 64;
/** Renders under way by certificate content: concurrent requests for one certificate share one render. */
const pdfRenders = new Map<string, Promise<Uint8Array>>();

/**
 * Longest student name printed on a certificate (the sign-up rule, 120 characters). Names are
 * limited where they are set (auth/user-name.ts); this cut only guards certificates issued before
 * that limit existed.
 */
export const CERTIFICATE_NAME_MAX = 120;

function clampText(text: string, max: number): string {
  return text.length <= max ? text : `${Array.from(text.slice(0, max)).slice(0, -1).join("")}…`;
}

/**
 * The certificate as an A4 landscape PDF (see pdf.ts): name, course, school, completion date,
 * code, verification URL and its QR code, in the embedded Be Vietnam Pro font. Public like the
 * verification page. The database is read on every call (a deleted certificate is gone at once);
 * the rendering runs in a worker thread with a time limit (pdf-renderer.ts, decision 0160), is
 * shared by concurrent requests for the same certificate and cached in memory by content (least
 * recently used out first).
 * @returns the code in its stored form and the PDF bytes.
 * @throws AppError NOT_FOUND with LEARNING_MESSAGES.certificateUnknown for an unknown code;
 *   UNAVAILABLE (503) when the render fails or passes its time limit.
 */
export async function getCertificatePdf(
  db: Db,
  rawId: string,
  appUrl: string,
  options: { storage?: Storage; renderer?: PdfRenderer } = {},
): Promise<{ id: string; pdf: Uint8Array }> {
  const { storage, renderer = sharedPdfRenderer() } = options;
  const certificate = await getCertificate(db, rawId, appUrl);
  // The school's logo (issue 15) is read at render time: a school that rebrands shows its new logo.
  const logoUrl = storage ? await findCertificateSchoolLogo(db, certificate.id) : null;
  const key = JSON.stringify({ ...certificate, logoUrl });
  const cached = pdfCache.get(key);
  if (cached) {
    pdfCache.delete(key);
    pdfCache.set(key, cached);
    return { id: certificate.id, pdf: cached };
  }
  let render = pdfRenders.get(key);
  if (!render) {
    // Set synchronously below, so concurrent requests share this one render (logo read included).
    render = (storage && logoUrl ? readLogo(storage, logoUrl) : Promise.resolve(null))
      .then((logo) =>
        renderer.render({
          id: certificate.id,
          studentName: clampText(certificate.studentName, CERTIFICATE_NAME_MAX),
          courseTitle: certificate.courseTitle,
          schoolName: certificate.schoolName,
          completionDate: new Date(certificate.completionDate),
          issuedAt: new Date(certificate.issuedAt),
          verifyUrl: certificate.verifyUrl,
          logo,
        }),
      )
      .then((pdf) => {
        pdfCache.set(key, pdf);
        if (pdfCache.size > PDF_CACHE_SIZE) pdfCache.delete(pdfCache.keys().next().value as string);
        return pdf;
      })
      .finally(() => pdfRenders.delete(key));
    pdfRenders.set(key, render);
  }
  return { id: certificate.id, pdf: await render };
}
