/**
 * VietQR payloads (NAPAS EMVCo merchant-presented QR for account transfers), spec 001 §3
 * payment_methods vietqr, issue 7 §6. Pure: the server turns the payload into a PNG with `qrcode`.
 */

/** NAPAS's AID for VietQR (tag 38.00) and the service code for a transfer to an account (38.02). */
export const NAPAS_AID = "A000000727";
export const SERVICE_TO_ACCOUNT = "QRIBFTTA";

function utf8(input: string): number[] {
  const out: number[] = [];
  for (const ch of input) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return out;
}

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of a string's
 * UTF-8 bytes, as 4 upper-case hex digits (EMVCo tag 63).
 */
export function crc16CcittFalse(input: string): string {
  const bytes = utf8(input);
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** One EMVCo TLV field: 2-digit tag, 2-digit length (UTF-8 characters counted as the spec does), value. */
export function tlv(tag: string, value: string): string {
  if (value.length > 99) throw new Error(`EMVCo field ${tag} is longer than 99 characters`);
  return `${tag}${value.length.toString().padStart(2, "0")}${value}`;
}

/** Removes Vietnamese diacritics and anything outside A–Z, 0–9 and space (banking apps show ASCII notes). */
export function asciiTransferNote(note: string, max = 25): string {
  return note
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .replace(/[^A-Za-z0-9 ]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

export interface VietQrInput {
  /** NAPAS BIN of the receiving bank (6 digits). */
  bin: string;
  /** Receiving account number (digits; up to 19). */
  accountNumber: string;
  /** Amount in whole VND; omitted or 0 makes a static QR without amount. */
  amount?: number;
  /** Transfer note (tag 62.08), ASCII. */
  note?: string;
}

/**
 * The VietQR payload: 00 format "01", 01 "11" static / "12" dynamic (with amount), 38 merchant
 * account (00 AID, 01 beneficiary: 00 BIN + 01 account, 02 QRIBFTTA), 53 "704", 54 amount in whole
 * VND, 58 "VN", 62.08 note, 63 CRC-16/CCITT-FALSE over everything before it including "6304".
 * @throws Error when the BIN is not 6 digits, the account is not 1–19 digits/letters or the amount
 *   is negative or not whole.
 */
export function encodeVietQr(input: VietQrInput): string {
  if (!/^\d{6}$/.test(input.bin)) throw new Error("The bank BIN must be 6 digits");
  if (!/^[0-9A-Za-z]{1,19}$/.test(input.accountNumber)) throw new Error("Invalid account number");
  const amount = input.amount ?? 0;
  if (!Number.isInteger(amount) || amount < 0) throw new Error("The amount must be whole VND");
  const beneficiary = tlv("00", input.bin) + tlv("01", input.accountNumber);
  const merchant = tlv("00", NAPAS_AID) + tlv("01", beneficiary) + tlv("02", SERVICE_TO_ACCOUNT);
  const note = input.note ? asciiTransferNote(input.note) : "";
  let payload =
    tlv("00", "01") +
    tlv("01", amount > 0 ? "12" : "11") +
    tlv("38", merchant) +
    tlv("53", "704") +
    (amount > 0 ? tlv("54", String(amount)) : "") +
    tlv("58", "VN") +
    (note ? tlv("62", tlv("08", note)) : "");
  payload += "6304";
  return payload + crc16CcittFalse(payload);
}

/** Reads the top-level TLV fields of a payload (tag → value). @throws Error on a malformed payload. */
export function parseEmvTlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const tag = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(length) || i + 4 + length > payload.length)
      throw new Error("Malformed EMVCo payload");
    fields.set(tag, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

/** True when the payload ends with tag 63 holding the CRC of everything before its value. */
export function hasValidCrc(payload: string): boolean {
  if (payload.length < 8 || payload.slice(-8, -4) !== "6304") return false;
  return crc16CcittFalse(payload.slice(0, -4)) === payload.slice(-4).toUpperCase();
}
