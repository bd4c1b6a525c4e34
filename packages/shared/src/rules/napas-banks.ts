import { foldSearch } from "./search.ts";

/**
 * The banks a VietQR or bank-transfer payment method can receive money at (issue 11 §7): every
 * NAPAS member that takes VietQR transfers, with its NAPAS BIN (the 6 digits of VietQR tag 38.01.00),
 * its VietQR code, its short name and its full Vietnamese name.
 *
 * Source: the VietQR bank list published by NAPAS's VietQR service, `GET https://api.vietqr.io/v2/banks`
 * (fields `bin`, `code`, `shortName`, `name`; https://www.vietqr.io/danh-sach-api/link-tao-ma-nhanh/api-tao-ma-qr/),
 * which mirrors NAPAS's list of members of the NAPAS 247 fast-transfer service
 * (https://napas.com.vn). Transcribed by hand (the server has no internet) from copies of the API's
 * answer published in public repositories (issue 23 §10, payments audit D6; the test
 * `napas-banks.test.ts` holds the table it was checked against, with its source): 65 receivers,
 * IBK Hà Nội 970455 / IBK HCM 970456, DongA renamed Vikki and OceanBank renamed MBV (BINs unchanged),
 * ViettelMoney's code VTLMONEY. Banks that were renamed keep their BIN, and the codes stored before
 * a rename still resolve (`LEGACY_BANK_CODES`). To update: compare with the API's answer and edit
 * this list only — the builder's picker, the server's check and the checkout all read it.
 */
export interface NapasBank {
  /** NAPAS BIN, 6 digits (VietQR tag 38.01.00). */
  bin: string;
  /** VietQR bank code, stored in a VietQR method's `bankCode` (e.g. "VCB"). */
  code: string;
  /** The name people use (e.g. "Vietcombank"). */
  shortName: string;
  /** The registered Vietnamese name. */
  name: string;
  /** Former or common names the picker's search also finds (e.g. "OceanBank" for MBV). */
  aliases?: readonly string[];
}

export const NAPAS_BANKS: readonly NapasBank[] = [
  { bin: "970436", code: "VCB", shortName: "Vietcombank", name: "Ngân hàng TMCP Ngoại Thương Việt Nam" },
  { bin: "970415", code: "ICB", shortName: "VietinBank", name: "Ngân hàng TMCP Công thương Việt Nam" },
  { bin: "970418", code: "BIDV", shortName: "BIDV", name: "Ngân hàng TMCP Đầu tư và Phát triển Việt Nam" },
  {
    bin: "970405",
    code: "VBA",
    shortName: "Agribank",
    name: "Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam",
  },
  { bin: "970407", code: "TCB", shortName: "Techcombank", name: "Ngân hàng TMCP Kỹ thương Việt Nam" },
  { bin: "970422", code: "MB", shortName: "MBBank", name: "Ngân hàng TMCP Quân đội" },
  { bin: "970432", code: "VPB", shortName: "VPBank", name: "Ngân hàng TMCP Việt Nam Thịnh Vượng" },
  { bin: "970416", code: "ACB", shortName: "ACB", name: "Ngân hàng TMCP Á Châu" },
  { bin: "970423", code: "TPB", shortName: "TPBank", name: "Ngân hàng TMCP Tiên Phong" },
  { bin: "970403", code: "STB", shortName: "Sacombank", name: "Ngân hàng TMCP Sài Gòn Thương Tín" },
  {
    bin: "970437",
    code: "HDB",
    shortName: "HDBank",
    name: "Ngân hàng TMCP Phát triển Thành phố Hồ Chí Minh",
  },
  { bin: "970441", code: "VIB", shortName: "VIB", name: "Ngân hàng TMCP Quốc tế Việt Nam" },
  { bin: "970443", code: "SHB", shortName: "SHB", name: "Ngân hàng TMCP Sài Gòn - Hà Nội" },
  { bin: "970431", code: "EIB", shortName: "Eximbank", name: "Ngân hàng TMCP Xuất Nhập khẩu Việt Nam" },
  { bin: "970426", code: "MSB", shortName: "MSB", name: "Ngân hàng TMCP Hàng Hải Việt Nam" },
  { bin: "970448", code: "OCB", shortName: "OCB", name: "Ngân hàng TMCP Phương Đông" },
  { bin: "970440", code: "SEAB", shortName: "SeABank", name: "Ngân hàng TMCP Đông Nam Á" },
  { bin: "970449", code: "LPB", shortName: "LPBank", name: "Ngân hàng TMCP Lộc Phát Việt Nam" },
  { bin: "970425", code: "ABB", shortName: "ABBANK", name: "Ngân hàng TMCP An Bình" },
  { bin: "970409", code: "BAB", shortName: "BacABank", name: "Ngân hàng TMCP Bắc Á" },
  { bin: "970438", code: "BVB", shortName: "BaoVietBank", name: "Ngân hàng TMCP Bảo Việt" },
  {
    bin: "970454",
    code: "VCCB",
    shortName: "VietCapitalBank",
    name: "Ngân hàng TMCP Bản Việt",
    aliases: ["BVBank"],
  },
  {
    bin: "970406",
    code: "Vikki",
    shortName: "Vikki",
    name: "Ngân hàng TNHH MTV Số Vikki",
    aliases: ["DongABank", "Đông Á"],
  },
  { bin: "970408", code: "GPB", shortName: "GPBank", name: "Ngân hàng Thương mại TNHH MTV Dầu Khí Toàn Cầu" },
  { bin: "970452", code: "KLB", shortName: "KienLongBank", name: "Ngân hàng TMCP Kiên Long" },
  { bin: "970428", code: "NAB", shortName: "NamABank", name: "Ngân hàng TMCP Nam Á" },
  { bin: "970419", code: "NCB", shortName: "NCB", name: "Ngân hàng TMCP Quốc Dân" },
  {
    bin: "970414",
    code: "MBV",
    shortName: "MBV",
    name: "Ngân hàng TNHH MTV Việt Nam Hiện Đại",
    aliases: ["OceanBank", "Đại Dương"],
  },
  { bin: "970430", code: "PGB", shortName: "PGBank", name: "Ngân hàng TMCP Thịnh vượng và Phát triển" },
  { bin: "970412", code: "PVCB", shortName: "PVcomBank", name: "Ngân hàng TMCP Đại Chúng Việt Nam" },
  { bin: "970429", code: "SCB", shortName: "SCB", name: "Ngân hàng TMCP Sài Gòn" },
  { bin: "970400", code: "SGICB", shortName: "SaigonBank", name: "Ngân hàng TMCP Sài Gòn Công Thương" },
  { bin: "970427", code: "VAB", shortName: "VietABank", name: "Ngân hàng TMCP Việt Á" },
  { bin: "970433", code: "VIETBANK", shortName: "VietBank", name: "Ngân hàng TMCP Việt Nam Thương Tín" },
  {
    bin: "970444",
    code: "CBB",
    shortName: "CBBank",
    name: "Ngân hàng Thương mại TNHH MTV Xây dựng Việt Nam",
  },
  {
    bin: "970446",
    code: "COOPBANK",
    shortName: "COOPBANK",
    name: "Ngân hàng Hợp tác xã Việt Nam",
    aliases: ["Co-opBank"],
  },
  { bin: "970421", code: "VRB", shortName: "VRB", name: "Ngân hàng Liên doanh Việt - Nga" },
  { bin: "970434", code: "IVB", shortName: "IndovinaBank", name: "Ngân hàng TNHH Indovina" },
  { bin: "970424", code: "SHBVN", shortName: "ShinhanBank", name: "Ngân hàng TNHH MTV Shinhan Việt Nam" },
  { bin: "970457", code: "WVN", shortName: "Woori", name: "Ngân hàng TNHH MTV Woori Việt Nam" },
  { bin: "970439", code: "PBVN", shortName: "PublicBank", name: "Ngân hàng TNHH MTV Public Việt Nam" },
  { bin: "970442", code: "HLBVN", shortName: "HongLeong", name: "Ngân hàng TNHH MTV Hong Leong Việt Nam" },
  {
    bin: "970410",
    code: "SCVN",
    shortName: "StandardChartered",
    name: "Ngân hàng TNHH MTV Standard Chartered Bank Việt Nam",
  },
  { bin: "458761", code: "HSBC", shortName: "HSBC", name: "Ngân hàng TNHH MTV HSBC (Việt Nam)" },
  { bin: "422589", code: "CIMB", shortName: "CIMB", name: "Ngân hàng TNHH MTV CIMB Việt Nam" },
  {
    bin: "970458",
    code: "UOB",
    shortName: "UnitedOverseas",
    name: "Ngân hàng United Overseas - Chi nhánh TP. Hồ Chí Minh",
  },
  {
    bin: "796500",
    code: "DBS",
    shortName: "DBSBank",
    name: "DBS Bank Ltd - Chi nhánh Thành phố Hồ Chí Minh",
  },
  { bin: "668888", code: "KBank", shortName: "KBank", name: "Ngân hàng Đại chúng TNHH Kasikornbank" },
  {
    bin: "970455",
    code: "IBK - HN",
    shortName: "IBKHN",
    name: "Ngân hàng Công nghiệp Hàn Quốc - Chi nhánh Hà Nội",
  },
  {
    bin: "970456",
    code: "IBK - HCM",
    shortName: "IBKHCM",
    name: "Ngân hàng Công nghiệp Hàn Quốc - Chi nhánh TP. Hồ Chí Minh",
  },
  { bin: "970462", code: "KBHN", shortName: "KookminHN", name: "Ngân hàng Kookmin - Chi nhánh Hà Nội" },
  {
    bin: "970463",
    code: "KBHCM",
    shortName: "KookminHCM",
    name: "Ngân hàng Kookmin - Chi nhánh Thành phố Hồ Chí Minh",
  },
  { bin: "801011", code: "NHB HN", shortName: "Nonghyup", name: "Ngân hàng Nonghyup - Chi nhánh Hà Nội" },
  {
    bin: "546034",
    code: "CAKE",
    shortName: "CAKE",
    name: "TMCP Việt Nam Thịnh Vượng - Ngân hàng số CAKE by VPBank",
  },
  {
    bin: "546035",
    code: "Ubank",
    shortName: "Ubank",
    name: "TMCP Việt Nam Thịnh Vượng - Ngân hàng số Ubank by VPBank",
  },
  {
    bin: "963388",
    code: "TIMO",
    shortName: "Timo",
    name: "Ngân hàng số Timo by Ban Viet Bank (Timo by Ban Viet Bank)",
  },
  {
    bin: "971005",
    code: "VTLMONEY",
    shortName: "ViettelMoney",
    name: "Tổng Công ty Dịch vụ số Viettel - Chi nhánh tập đoàn công nghiệp viễn thông Quân Đội",
  },
  { bin: "971011", code: "VNPTMONEY", shortName: "VNPTMoney", name: "VNPT Money" },
  {
    bin: "971133",
    code: "PVDB",
    shortName: "PVcomBank Pay",
    name: "Ngân hàng TMCP Đại Chúng Việt Nam Ngân hàng số",
    aliases: ["PVcomBank Pay"],
  },
  {
    bin: "977777",
    code: "MAFC",
    shortName: "MAFC",
    name: "Công ty Tài chính TNHH MTV Mirae Asset (Việt Nam)",
  },
  {
    bin: "970467",
    code: "KEBHANAHN",
    shortName: "KEBHANAHN",
    name: "Ngân hàng KEB Hana – Chi nhánh Hà Nội",
    aliases: ["KEB Hana", "Hana"],
  },
  {
    bin: "970466",
    code: "KEBHANAHCM",
    shortName: "KEBHanaHCM",
    name: "Ngân hàng KEB Hana – Chi nhánh Thành phố Hồ Chí Minh",
    aliases: ["KEB Hana", "Hana"],
  },
  {
    bin: "533948",
    code: "CITIBANK",
    shortName: "Citibank",
    name: "Ngân hàng Citibank, N.A. - Chi nhánh Hà Nội",
  },
  { bin: "999888", code: "VBSP", shortName: "VBSP", name: "Ngân hàng Chính sách Xã hội" },
  { bin: "971025", code: "momo", shortName: "MoMo", name: "CTCP Dịch Vụ Di Động Trực Tuyến" },
];

/**
 * Codes stored before, by upper-case code → today's VietQR code. Old configurations keep working
 * through this map: "VTB" (spec 001 §3) was VietinBank, whose VietQR code is "ICB"; issue 23 §10:
 * "DOB" (DongA Bank) is now Vikki, "OCEANBANK" (OceanBank) is now MBV, "VIETTELMONEY" is "VTLMONEY".
 */
export const LEGACY_BANK_CODES: Readonly<Record<string, string>> = {
  VTB: "ICB",
  DOB: "VIKKI",
  OCEANBANK: "MBV",
  VIETTELMONEY: "VTLMONEY",
};

const BY_CODE = new Map(NAPAS_BANKS.map((bank) => [bank.code.toUpperCase(), bank]));
const BY_BIN = new Map(NAPAS_BANKS.map((bank) => [bank.bin, bank]));

/**
 * The bank a stored or submitted `bankCode` names: a VietQR code (case-insensitive), a legacy code
 * ("VTB") or a 6-digit BIN. @returns undefined for anything else.
 */
export function findNapasBank(codeOrBin: string | null | undefined): NapasBank | undefined {
  const key = (codeOrBin ?? "").trim();
  if (!key) return undefined;
  if (/^\d{6}$/.test(key)) return BY_BIN.get(key);
  const upper = key.toUpperCase();
  return BY_CODE.get(LEGACY_BANK_CODES[upper] ?? upper);
}

/**
 * Banks matching a search (issue 11 §7 picker): accent- and case-insensitive against the short name,
 * the full name, the code, the BIN and former names (`aliases`); every word of the query must match. Banks whose short name,
 * code or BIN starts with the query come first, then the list order. An empty query returns the
 * whole list.
 */
export function searchNapasBanks(query: string): NapasBank[] {
  const words = foldSearch(query.trim()).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...NAPAS_BANKS];
  const scored: { bank: NapasBank; rank: number; index: number }[] = [];
  NAPAS_BANKS.forEach((bank, index) => {
    const short = foldSearch(bank.shortName);
    const code = foldSearch(bank.code);
    const aliases = (bank.aliases ?? []).map(foldSearch).join(" ");
    const hay = `${short} ${code} ${bank.bin} ${foldSearch(bank.name)} ${aliases}`;
    if (!words.every((w) => hay.includes(w))) return;
    const first = words[0] ?? "";
    const rank = short.startsWith(first) || code.startsWith(first) || bank.bin.startsWith(first) ? 0 : 1;
    scored.push({ bank, rank, index });
  });
  return scored.sort((a, b) => a.rank - b.rank || a.index - b.index).map((s) => s.bank);
}
