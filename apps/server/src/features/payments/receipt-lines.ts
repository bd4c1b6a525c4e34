import type { Locale } from "../../email/templates.ts";

/** The seller as a receipt names it (issue 23 §9): only what the creator filled. */
export interface SellerFacts {
  schoolName: string | null;
  legalName: string | null;
  taxCode: string | null;
  businessAddress: string | null;
  /** The school's support e-mail, else the creator's. */
  contact: string | null;
}

/** "Label: value" lines of the seller, in `locale`, skipping empty fields. */
export function sellerLines(locale: Locale, s: SellerFacts): { label: string; value: string }[] {
  const vi = locale === "vi";
  const rows: [string, string | null][] = [
    [vi ? "Người bán" : "Seller", s.schoolName],
    [vi ? "Tên pháp lý" : "Legal name", s.legalName],
    [vi ? "Mã số thuế" : "Tax code", s.taxCode],
    [vi ? "Địa chỉ" : "Address", s.businessAddress],
    [vi ? "Liên hệ" : "Contact", s.contact],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1])).map(([label, value]) => ({ label, value }));
}
