import { describe, expect, it } from "vitest";
import { asciiTransferNote, crc16CcittFalse, encodeVietQr, hasValidCrc, parseEmvTlv } from "./vietqr.ts";

const NAPAS_EXAMPLE =
  "00020101021138570010A00000072701270006970403011200110123456780208QRIBFTTA53037045802VN6304";

describe("VietQR (NAPAS EMVCo)", () => {
  it("computes CRC-16/CCITT-FALSE: the check value and NAPAS's published example (F4E5)", () => {
    expect(crc16CcittFalse("123456789")).toBe("29B1");
    expect(crc16CcittFalse(NAPAS_EXAMPLE)).toBe("F4E5");
  });

  it("reproduces NAPAS's example payload for the same fields (static QR, BIN 970403)", () => {
    // The published example declares length 12 for the 13-digit account 0011012345678 inside the
    // beneficiary block (whose own length, 27, counts 13); the encoder writes the correct 13.
    const payload = encodeVietQr({ bin: "970403", accountNumber: "0011012345678" });
    const corrected = NAPAS_EXAMPLE.replace("01120011012345678", "01130011012345678");
    expect(payload).toBe(corrected + crc16CcittFalse(corrected));
    expect(hasValidCrc(payload)).toBe(true);
  });

  it("encodes a dynamic QR with amount in whole VND, currency 704, country VN and a note", () => {
    const payload = encodeVietQr({
      bin: "970436",
      accountNumber: "1234567890",
      amount: 1_990_000,
      note: "Khóa học Phở đặc biệt",
    });
    const fields = parseEmvTlv(payload);
    expect(fields.get("00")).toBe("01");
    expect(fields.get("01")).toBe("12");
    expect(fields.get("53")).toBe("704");
    expect(fields.get("54")).toBe("1990000");
    expect(fields.get("58")).toBe("VN");
    const merchant = parseEmvTlv(fields.get("38") ?? "");
    expect(merchant.get("00")).toBe("A000000727");
    expect(merchant.get("02")).toBe("QRIBFTTA");
    const beneficiary = parseEmvTlv(merchant.get("01") ?? "");
    expect(beneficiary.get("00")).toBe("970436");
    expect(beneficiary.get("01")).toBe("1234567890");
    expect(parseEmvTlv(fields.get("62") ?? "").get("08")).toBe("Khoa hoc Pho dac biet");
    expect(hasValidCrc(payload)).toBe(true);
    expect(hasValidCrc(`${payload.slice(0, -1)}0`)).toBe(payload.endsWith("0"));
  });

  it("refuses bad input", () => {
    expect(() => encodeVietQr({ bin: "97043", accountNumber: "1" })).toThrow("BIN");
    expect(() => encodeVietQr({ bin: "970436", accountNumber: "12 34" })).toThrow("account");
    expect(() => encodeVietQr({ bin: "970436", accountNumber: "1234", amount: 1.5 })).toThrow("whole VND");
    expect(asciiTransferNote("Đăng ký  #42!")).toBe("Dang ky 42");
  });
});
