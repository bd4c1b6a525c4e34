import { purchaseListQuerySchema } from "@academy/shared";
import { AppError } from "../../lib/errors.ts";
import { type AppDeps, createRouter, requireUser, toIssues } from "../../lib/http.ts";
import { emailReceipt, listMyPurchases, receiptPdf } from "./purchases.service.ts";

/** The student's Purchases (issue 23 §9): /api/purchases, a receipt PDF and a receipt e-mail. */
export function purchaseRoutes(deps: AppDeps) {
  return createRouter()
    .get("/purchases", async (c) => {
      const parsed = purchaseListQuerySchema.safeParse(c.req.query());
      if (!parsed.success) {
        const issues = toIssues(parsed.error);
        throw new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid input", issues);
      }
      return c.json(await listMyPurchases(deps.db, requireUser(c), parsed.data), 200);
    })
    .get("/purchases/:reference/receipt.pdf", async (c) => {
      const reference = c.req.param("reference");
      const pdf = await receiptPdf(deps.db, requireUser(c), reference);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="receipt-${reference}.pdf"`,
        "Cache-Control": "private, no-store",
      });
    })
    .post("/purchases/:reference/receipt-email", async (c) => {
      await emailReceipt(
        { db: deps.db, mailer: deps.mailer, appUrl: deps.env.appUrl },
        requireUser(c),
        c.req.param("reference"),
      );
      return c.json({ ok: true as const }, 200);
    });
}
