import { describe, expect, it } from "vitest";
import { paymentMethodInputSchema } from "../schemas/landing-pages.ts";
import { findNapasBank, NAPAS_BANKS, searchNapasBanks } from "./napas-banks.ts";

describe("NAPAS bank list (issue 11 §7)", () => {
  it("has unique 6-digit BINs and unique codes, and the well-known BINs", () => {
    expect(NAPAS_BANKS.length).toBeGreaterThan(50);
    expect(NAPAS_BANKS.every((b) => /^\d{6}$/.test(b.bin) && b.shortName && b.name)).toBe(true);
    expect(new Set(NAPAS_BANKS.map((b) => b.bin)).size).toBe(NAPAS_BANKS.length);
    expect(new Set(NAPAS_BANKS.map((b) => b.code.toUpperCase())).size).toBe(NAPAS_BANKS.length);
    const bins = Object.fromEntries(NAPAS_BANKS.map((b) => [b.shortName, b.bin]));
    expect(bins).toMatchObject({
      Vietcombank: "970436",
      VietinBank: "970415",
      BIDV: "970418",
      Agribank: "970405",
      Techcombank: "970407",
      MBBank: "970422",
      VPBank: "970432",
      ACB: "970416",
      TPBank: "970423",
      Sacombank: "970403",
    });
  });

  it("finds a bank by code (any case), legacy code VTB or BIN; nothing else", () => {
    expect(findNapasBank("vcb")?.bin).toBe("970436");
    expect(findNapasBank("VTB")?.shortName).toBe("VietinBank");
    expect(findNapasBank("970418")?.code).toBe("BIDV");
    expect(findNapasBank("970499")).toBeUndefined();
    expect(findNapasBank("")).toBeUndefined();
    expect(findNapasBank(undefined)).toBeUndefined();
  });

  it("searches short name, full name and BIN, accent- and case-insensitively", () => {
    expect(searchNapasBanks("")).toHaveLength(NAPAS_BANKS.length);
    expect(searchNapasBanks("vietcom")[0].code).toBe("VCB");
    expect(searchNapasBanks("970415").map((b) => b.code)).toEqual(["ICB"]);
    // "Ngoại Thương" typed without accents, in pieces.
    expect(searchNapasBanks("ngoai thuong").map((b) => b.code)).toEqual(["VCB"]);
    expect(searchNapasBanks("NÔNG NGHIỆP").map((b) => b.code)).toContain("VBA");
    expect(searchNapasBanks("quan doi")[0].code).toBe("MB");
    // A short-name prefix ranks before a match inside a full name.
    expect(searchNapasBanks("sai")[0].shortName).toMatch(/^Sai/i);
    expect(searchNapasBanks("zzzz")).toEqual([]);
  });

  it("a VietQR method takes a listed bank (stored as its code) and refuses others", () => {
    const parse = (bankCode: string) =>
      paymentMethodInputSchema.safeParse({
        methodType: "vietqr",
        isEnabled: true,
        configuration: { bankCode, accountNumber: "0123456789", accountHolder: "A" },
      });
    const ok = parse("970422");
    expect(ok.success && ok.data.configuration).toMatchObject({ bankCode: "MB" });
    const legacy = parse("VTB");
    expect(legacy.success && legacy.data.configuration).toMatchObject({ bankCode: "ICB" });
    expect(parse("XYZ").success).toBe(false);
  });
});
