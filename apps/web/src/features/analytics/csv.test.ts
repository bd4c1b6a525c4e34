import type { CreatorOverview, CreatorRevenue } from "@academy/shared";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { tabCsv } from "./csv";

const t = ((key: string) => key) as unknown as TFunction;
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
    const csv = tabCsv("revenue", revenue, t);
    expect(csv).toContain(
      ["By source", "Name,Currency,Amount,Orders", "zalo,VND,199000,1", "direct,VND,199000,1"].join("\r\n"),
    );
    expect(csv).toContain(
      ["By campaign", "Name,Currency,Amount,Orders", "zalo / - / spring,VND,199000,1"].join("\r\n"),
    );
  });
});
