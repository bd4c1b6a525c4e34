import type { CreatorOverview, CreatorRevenue } from "@academy/shared";
import { beforeAll, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { tabCsv } from "./csv";

const t = i18n.getFixedT("en");
const vi = i18n.getFixedT("vi");
beforeAll(async () => {
  await i18n.loadLanguages(["en", "vi"]);
});
const range = {
  from: "2026-03-01",
  to: "2026-03-07",
  previousFrom: "2026-02-22",
  previousTo: "2026-02-28",
  bucket: "day" as const,
  timeZone: "Asia/Ho_Chi_Minh",
};
const money = (key: string, label: string, amount: number) => ({
  key,
  label,
  currency: "VND",
  amount,
  orders: 1,
});

describe("analytics CSV: campaign attribution (issue 12 §3)", () => {
  it("puts enrolments by source in the Overview's CSV", () => {
    const overview: CreatorOverview = {
      range,
      cards: {
        totalStudents: { value: 2, previous: 0 },
        revenue: [],
        completion: { value: 0, previous: 0 },
        retention: { value: null, previous: null },
      },
      enrolments: [],
      revenue: [],
      funnel: { views: 0, clicks: 0, enrolments: 2, paid: 0, completed: 0 },
      landing: { byDay: [], byDevice: [], bySource: [] },
      enrolmentsBySource: [
        { key: "facebook", enrolments: 3 },
        { key: "direct", enrolments: 1 },
      ],
    };
    expect(tabCsv("overview", overview, t)).toContain(
      ["Enrolments by source", "Source,Enrolments", "facebook,3", "direct,1"].join("\r\n"),
    );
  });

  it("puts revenue by source and by campaign in the Revenue CSV", () => {
    const revenue: CreatorRevenue = {
      range,
      byCourse: [money("c1", "Phở", 398000)],
      byMethod: [],
      byCoupon: [],
      byReferral: [],
      bySource: [money("zalo", "zalo", 199000), money("direct", "direct", 199000)],
      byCampaign: [money("zalo / - / spring", "zalo / - / spring", 199000)],
      refunds: [],
    };
    const csv = tabCsv("revenue", { ...revenue, byMethod: [money("momo", "momo", 99000)] }, t);
    expect(csv).toContain(
      ["By source", "Name,Currency,Amount,Orders", "zalo,VND,199000,1", "direct,VND,199000,1"].join("\r\n"),
    );
    expect(csv).toContain(
      ["By campaign", "Name,Currency,Amount,Orders", "zalo / - / spring,VND,199000,1"].join("\r\n"),
    );
  });

  it("names payment methods, not keys, and speaks the UI language (issue 24 §5, §7)", () => {
    const revenue: CreatorRevenue = {
      range,
      byCourse: [],
      byMethod: [money("bank-transfer", "bank-transfer", 199000), money("credit-card", "credit-card", 99000)],
      byCoupon: [],
      byReferral: [],
      bySource: [],
      byCampaign: [],
      refunds: [],
    };
    const en = tabCsv("revenue", revenue, t);
    expect(en).toContain(
      [
        "By payment method",
        "Name,Currency,Amount,Orders",
        "Bank transfer,VND,199000,1",
        "Card,VND,99000,1",
      ].join("\r\n"),
    );
    expect(en).not.toMatch(/bank-transfer|credit-card/);
    const inVietnamese = tabCsv("revenue", revenue, vi);
    expect(inVietnamese).toContain("Theo phương thức thanh toán");
    expect(inVietnamese).toContain("Tên,Tiền tệ,Số tiền,Đơn hàng");
    expect(inVietnamese).not.toMatch(/bank-transfer|credit-card|analytics:/);
  });
});
