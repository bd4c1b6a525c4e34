import { describe, expect, it } from "vitest";
import { paymentMethodInputSchema } from "../schemas/landing-pages.ts";
import { findNapasBank, NAPAS_BANKS, searchNapasBanks } from "./napas-banks.ts";

/**
 * The VietQR bank list as published by `GET https://api.vietqr.io/v2/banks` (fields bin, code,
 * shortName), in the API's order: taken from a copy of that answer in a public repository (GitHub
 * index file id 13295064140, 64 entries with the API's ids 1–64), plus MoMo (971025), which the
 * newest copies carry (ids 66213791967, 71285754148, both "nguồn VietQR api.vietqr.io/v2/banks").
 * Checked 2026-11-28 for issue 23 §10 (payments audit D6).
 */
const PUBLISHED: readonly (readonly [bin: string, code: string, shortName: string])[] = [
  ["970415", "ICB", "VietinBank"],
  ["970436", "VCB", "Vietcombank"],
  ["970418", "BIDV", "BIDV"],
  ["970405", "VBA", "Agribank"],
  ["970448", "OCB", "OCB"],
  ["970422", "MB", "MBBank"],
  ["970407", "TCB", "Techcombank"],
  ["970416", "ACB", "ACB"],
  ["970432", "VPB", "VPBank"],
  ["970423", "TPB", "TPBank"],
  ["970403", "STB", "Sacombank"],
  ["970437", "HDB", "HDBank"],
  ["970454", "VCCB", "VietCapitalBank"],
  ["970429", "SCB", "SCB"],
  ["970441", "VIB", "VIB"],
  ["970443", "SHB", "SHB"],
  ["970431", "EIB", "Eximbank"],
  ["970426", "MSB", "MSB"],
  ["546034", "CAKE", "CAKE"],
  ["546035", "Ubank", "Ubank"],
  ["971005", "VTLMONEY", "ViettelMoney"],
  ["963388", "TIMO", "Timo"],
  ["971011", "VNPTMONEY", "VNPTMoney"],
  ["970400", "SGICB", "SaigonBank"],
  ["970409", "BAB", "BacABank"],
  ["971133", "PVDB", "PVcomBank Pay"],
  ["970412", "PVCB", "PVcomBank"],
  ["970414", "MBV", "MBV"],
  ["970419", "NCB", "NCB"],
  ["970424", "SHBVN", "ShinhanBank"],
  ["970425", "ABB", "ABBANK"],
  ["970427", "VAB", "VietABank"],
  ["970428", "NAB", "NamABank"],
  ["970430", "PGB", "PGBank"],
  ["970433", "VIETBANK", "VietBank"],
  ["970438", "BVB", "BaoVietBank"],
  ["970440", "SEAB", "SeABank"],
  ["970446", "COOPBANK", "COOPBANK"],
  ["970449", "LPB", "LPBank"],
  ["970452", "KLB", "KienLongBank"],
  ["668888", "KBank", "KBank"],
  ["977777", "MAFC", "MAFC"],
  ["970467", "KEBHANAHN", "KEBHANAHN"],
  ["970466", "KEBHANAHCM", "KEBHanaHCM"],
  ["533948", "CITIBANK", "Citibank"],
  ["999888", "VBSP", "VBSP"],
  ["970444", "CBB", "CBBank"],
  ["422589", "CIMB", "CIMB"],
  ["796500", "DBS", "DBSBank"],
  ["970406", "Vikki", "Vikki"],
  ["970439", "PBVN", "PublicBank"],
  ["970463", "KBHCM", "KookminHCM"],
  ["970462", "KBHN", "KookminHN"],
  ["970457", "WVN", "Woori"],
  ["970421", "VRB", "VRB"],
  ["970408", "GPB", "GPBank"],
  ["970442", "HLBVN", "HongLeong"],
  ["458761", "HSBC", "HSBC"],
  ["970455", "IBK - HN", "IBKHN"],
  ["970456", "IBK - HCM", "IBKHCM"],
  ["801011", "NHB HN", "Nonghyup"],
  ["970458", "UOB", "UnitedOverseas"],
  ["970434", "IVB", "IndovinaBank"],
  ["970410", "SCVN", "StandardChartered"],
  ["971025", "momo", "MoMo"],
];

describe("NAPAS bank list matches the published VietQR list (issue 23 §10)", () => {
  it("has exactly the published banks, each with its BIN, code and short name", () => {
    const ours = NAPAS_BANKS.map((b) => [b.bin, b.code, b.shortName]).sort((a, b) =>
      a[0].localeCompare(b[0]),
    );
    const published = PUBLISHED.map((b) => [...b]).sort((a, b) => a[0].localeCompare(b[0]));
    expect(ours).toEqual(published);
    expect(NAPAS_BANKS).toHaveLength(65);
  });

  it("IBK Hà Nội is 970455 and IBK HCM 970456", () => {
    expect(findNapasBank("IBK - HN")?.bin).toBe("970455");
    expect(findNapasBank("IBK - HCM")?.bin).toBe("970456");
    expect(findNapasBank("970455")?.shortName).toBe("IBKHN");
  });

  it("codes stored before the renames still resolve: DOB → Vikki, Oceanbank → MBV, VIETTELMONEY → VTLMONEY", () => {
    expect(findNapasBank("DOB")).toMatchObject({ bin: "970406", code: "Vikki" });
    expect(findNapasBank("Oceanbank")).toMatchObject({ bin: "970414", code: "MBV" });
    expect(findNapasBank("VIETTELMONEY")).toMatchObject({ bin: "971005", code: "VTLMONEY" });
    // A stored old code is saved again as the new one.
    const parsed = paymentMethodInputSchema.safeParse({
      methodType: "vietqr",
      isEnabled: true,
      configuration: { bankCode: "DOB", accountNumber: "0123456789", accountHolder: "A" },
    });
    expect(parsed.success && parsed.data.configuration).toMatchObject({ bankCode: "Vikki" });
  });

  it("the builder's bank search finds the new and renamed banks, also by their former names", () => {
    const codes = (q: string) => searchNapasBanks(q).map((b) => b.code);
    expect(codes("citi")).toContain("CITIBANK");
    expect(codes("533948")).toEqual(["CITIBANK"]);
    expect(codes("hana")).toEqual(expect.arrayContaining(["KEBHANAHN", "KEBHANAHCM"]));
    expect(codes("mirae")).toEqual(["MAFC"]);
    expect(codes("chinh sach xa hoi")).toEqual(["VBSP"]);
    expect(codes("momo")).toContain("momo");
    expect(codes("pvcombank pay")).toEqual(["PVDB"]);
    expect(codes("vikki")).toEqual(["Vikki"]);
    expect(codes("dong a")).toContain("Vikki");
    expect(codes("oceanbank")).toEqual(["MBV"]);
    expect(codes("MBV")[0]).toBe("MBV");
    expect(codes("bvbank")).toEqual(["VCCB"]);
  });
});

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
