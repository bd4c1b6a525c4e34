import { certificateSchema } from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter } from "../../lib/http.ts";
import { errorResponseSchema } from "../../lib/openapi.ts";
import type { HeadResolver, PageHead } from "../../lib/page-head.ts";
import { formatCertificateDate } from "./certificate-date.ts";
import { findPublicCertificate, getCertificate, getCertificatePdf } from "./certificates.service.ts";

// Any string: a code that cannot exist answers 404 "No certificate with this ID exists.", not 400.
const idParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, example: "7K3M9QX2PA" }),
});
const unknown = {
  description: "No certificate with this ID exists.",
  content: { "application/json": { schema: errorResponseSchema } },
};

const getRoute = createRoute({
  method: "get",
  path: "/certificates/{id}",
  tags: ["Certificates"],
  summary: "Verify a certificate: who completed which course, offered by which school, and when (public)",
  request: { params: idParams },
  responses: {
    200: { description: "The certificate", content: { "application/json": { schema: certificateSchema } } },
    404: unknown,
  },
});

const pdfRoute = createRoute({
  method: "get",
  path: "/certificates/{id}/pdf",
  tags: ["Certificates"],
  summary: "The certificate as an A4 landscape PDF (public, like the verification page)",
  request: {
    params: idParams,
    query: z.object({
      inline: z
        .string()
        .optional()
        .openapi({ description: "1: show in the browser instead of downloading", example: "1" }),
    }),
  },
  responses: {
    200: {
      description: "certificate-{id}.pdf",
      content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
    },
    404: unknown,
  },
});

/**
 * /api/certificates/{id} and /api/certificates/{id}/pdf (issue 4; 000 §2 Student dashboard, 001 §4):
 * public, whoever has the code may verify the certificate and download it.
 */
export function certificateRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(getRoute, async (c) =>
      c.json(await getCertificate(deps.db, c.req.valid("param").id, deps.env.appUrl), 200),
    )
    .openapi(pdfRoute, async (c) => {
      const { id, pdf } = await getCertificatePdf(deps.db, c.req.valid("param").id, deps.env.appUrl, {
        storage: deps.storage,
      });
      const inline = c.req.valid("query").inline === "1";
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="certificate-${id}.pdf"`,
        // A certificate never changes once issued; private: the code is the only secret.
        "Cache-Control": "private, max-age=3600",
      });
    });
}

/** `/certificates/{id}` (optionally with a trailing slash) → the raw id, else undefined. */
function certificateIdOf(path: string): string | undefined {
  const match = /^\/certificates\/([^/]+)\/?$/.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/**
 * The server-rendered <head> of the public verification page /certificates/{id}: title
 * "Certificate: {course} — {student}", a description saying who completed what, offered by which
 * school and when, the canonical URL and schema.org JSON-LD (EducationalOccupationalCredential).
 * Indexable (verification pages are public). @returns undefined for other paths and unknown codes
 * (the SPA then says plainly that the id is unknown).
 */
export function certificateHeads(deps: Pick<AppDeps, "db" | "env">): HeadResolver {
  return async (path) => {
    const rawId = certificateIdOf(path);
    if (rawId === undefined) return undefined;
    const certificate = await findPublicCertificate(deps.db, rawId, deps.env.appUrl);
    if (!certificate) return undefined;
    const date = formatCertificateDate(new Date(certificate.completionDate)).long;
    const school = certificate.schoolName ? `, offered by ${certificate.schoolName},` : "";
    const head: PageHead = {
      title: `Certificate: ${certificate.courseTitle} — ${certificate.studentName}`,
      description: `${certificate.studentName} completed “${certificate.courseTitle}”${school} on ${date}. Academy certificate ID ${certificate.id}.`,
      url: certificate.verifyUrl,
      canonical: certificate.verifyUrl,
      type: "article",
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "EducationalOccupationalCredential",
        name: `Certificate of Completion: ${certificate.courseTitle}`,
        credentialCategory: "certificate",
        identifier: certificate.id,
        dateCreated: certificate.issuedAt,
        url: certificate.verifyUrl,
        about: { "@type": "Course", name: certificate.courseTitle },
        recognizedBy: { "@type": "Organization", name: certificate.schoolName ?? "Academy" },
      },
    };
    return head;
  };
}
