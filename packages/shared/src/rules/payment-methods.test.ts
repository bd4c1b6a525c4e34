import { describe, expect, it } from "vitest";
import { paymentMethodsInputSchema } from "../schemas/landing-pages.ts";
import { methodOfferState, missingPaymentFields } from "./payment-methods.ts";

/** Issue 23 §5: required fields of an enabled method, and which methods a price can use. */
describe("required payment fields", () => {
  it("lists the empty groups in form order; a secret counts when typed or stored", () => {
    expect(
      missingPaymentFields("vietqr", { bankCode: "VCB", accountNumber: "", accountHolder: " " }),
    ).toEqual([["accountNumber"], ["accountHolder"]]);
    expect(missingPaymentFields("momo", { partnerCode: "P" })).toEqual([["accessKey"], ["secretKey"]]);
    expect(missingPaymentFields("momo", { partnerCode: "P", accessKey: "a" }, { secretKey: true })).toEqual(
      [],
    );
    expect(missingPaymentFields("momo", { partnerCode: "P" }, "assume")).toEqual([]);
    expect(missingPaymentFields("cash", { stores: "", instructions: "" })).toEqual([
      ["stores", "instructions"],
    ]);
    expect(missingPaymentFields("cash", { stores: "", instructions: "At the desk" })).toEqual([]);
    expect(missingPaymentFields("credit-card", { publicKey: "pk_test_1" }, { secretKey: true })).toEqual([
      ["webhookSecret"],
    ]);
  });

  it("the shared schema refuses an enabled incomplete method per field, and lets a disabled one through", () => {
    const parsed = paymentMethodsInputSchema.safeParse({
      methods: [
        {
          methodType: "bank-transfer",
          isEnabled: true,
          configuration: { bankName: "", accountNumber: "", accountHolder: "A" },
        },
        { methodType: "zalopay", isEnabled: false, configuration: { appId: "" } },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["methods.0.configuration.bankName", "Choose the bank, or turn this method off."],
      [
        "methods.0.configuration.accountNumber",
        "Enter the account number (6 to 19 digits), or turn this method off.",
      ],
    ]);
  });
});

describe("which methods buyers are offered for a price", () => {
  const momo = { methodType: "momo" as const, isEnabled: true, configuration: { partnerCode: "P" } };
  it("MoMo only for 1,000–50,000,000 VND; wallets and VietQR only in VND", () => {
    expect(methodOfferState(momo, "assume", { price: 199_000, currency: "VND" })).toBe("ok");
    expect(methodOfferState(momo, "assume", { price: 60_000_000, currency: "VND" })).toBe("momoAboveMaximum");
    expect(methodOfferState(momo, "assume", { price: 500, currency: "VND" })).toBe("momoBelowMinimum");
    expect(methodOfferState(momo, "assume", { price: 2500, currency: "USD" })).toBe("vndOnly");
    expect(methodOfferState({ ...momo, isEnabled: false }, "assume", null)).toBe("off");
    expect(methodOfferState(momo, {}, null)).toBe("incomplete");
    const card = { methodType: "credit-card" as const, isEnabled: true, configuration: { publicKey: "pk" } };
    expect(methodOfferState(card, "assume", { price: 2500, currency: "USD" })).toBe("ok");
  });
});
