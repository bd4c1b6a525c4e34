import type {
  CreatorAlerts,
  CreatorEngagement,
  CreatorOverview,
  CreatorPerformance,
  CreatorRevenue,
  CreatorReviewAnalytics,
} from "@academy/shared";
import type { TFunction } from "i18next";
import Papa from "papaparse";
import { saveBlob } from "@/lib/download";
import type { CreatorTab } from "./api/analytics";

type Cell = string | number;

/**
 * The current creator tab as CSV rows (issue 12 §2 Export CSV): raw figures — money in the
 * currency's smallest unit with its currency, rates in percent, study time in seconds — one
 * section per table, sections separated by an empty row. Section titles, column headers, funnel
 * steps, badges and payment method names are in the UI language (issue 24 §5 and §7: names, not
 * keys).
 */
export function tabCsv(tab: CreatorTab, data: unknown, t: TFunction): string {
  const rows: Cell[][] = [];
  const x = (key: string) => t(`analytics:csv.${key}`);
  const section = (title: string, header: string[], body: Cell[][]) => {
    if (rows.length > 0) rows.push([]);
    rows.push([title], header, ...body);
  };
  const moneyHeader = [x("name"), x("currency"), x("amount"), x("orders")];
  if (tab === "overview") {
    const d = data as CreatorOverview;
    section(
      t("analytics:creator.tabs.overview"),
      [x("card"), x("currency"), x("value"), x("previous")],
      [
        [x("totalStudents"), "", d.cards.totalStudents.value, d.cards.totalStudents.previous],
        ...d.cards.revenue.map((r): Cell[] => [x("totalRevenue"), r.currency, r.value, r.previous]),
        [x("completionPercent"), "", d.cards.completion.value, d.cards.completion.previous],
        [x("retentionPercent"), "", d.cards.retention.value ?? "", d.cards.retention.previous ?? ""],
      ],
    );
    section(
      x("enrolments"),
      [x("date"), x("enrolments")],
      d.enrolments.map((e) => [e.date, e.enrolments]),
    );
    section(
      x("revenue"),
      [x("date"), x("currency"), x("amount")],
      d.revenue.map((r) => [r.date, r.currency, r.amount]),
    );
    section(
      x("funnel"),
      [x("step"), x("count")],
      Object.entries(d.funnel).map(([k, v]) => [t(`analytics:creator.overview.funnelSteps.${k}`), v]),
    );
    section(
      x("enrolmentsBySource"),
      [x("source"), x("enrolments")],
      d.enrolmentsBySource.map((r) => [r.key, r.enrolments]),
    );
  } else if (tab === "engagement") {
    const d = data as CreatorEngagement;
    section(
      x("daily"),
      [x("date"), x("activeStudents"), x("secondsPerActiveStudent")],
      d.daily.map((r) => [r.date, r.activeStudents, r.secondsPerActiveStudent]),
    );
    section(
      x("heatmap"),
      [x("weekday"), x("hour"), x("seconds")],
      d.heatmap.map((h) => [h.weekday, h.hour, h.seconds]),
    );
    section(
      x("lessonDropOff"),
      [x("course"), x("position"), x("lesson"), x("enrolled"), x("completed"), x("completedPercent")],
      d.dropOff.map((l) => [l.courseTitle, l.position, l.lessonTitle, l.enrolled, l.completed, l.rate]),
    );
  } else if (tab === "revenue") {
    const d = data as CreatorRevenue;
    const money = (r: CreatorRevenue["byCourse"][number], label = r.label): Cell[] => [
      label,
      r.currency,
      r.amount,
      r.orders,
    ];
    section(
      x("byCourse"),
      moneyHeader,
      d.byCourse.map((r) => money(r)),
    );
    section(
      x("byMethod"),
      moneyHeader,
      d.byMethod.map((r) =>
        money(
          r,
          r.label
            ? t(`payments:methods.${r.label}`, { defaultValue: r.label })
            : t("analytics:creator.revenue.noMethod"),
        ),
      ),
    );
    section(
      x("byCoupon"),
      moneyHeader,
      d.byCoupon.map((r) => money(r)),
    );
    section(
      x("byReferral"),
      moneyHeader,
      d.byReferral.map((r) => money(r)),
    );
    section(
      x("bySource"),
      moneyHeader,
      d.bySource.map((r) => money(r)),
    );
    section(
      x("byCampaign"),
      moneyHeader,
      d.byCampaign.map((r) => money(r)),
    );
    section(
      x("refunds"),
      [x("currency"), x("amount"), x("orders")],
      d.refunds.map((r) => [r.currency, r.amount, r.orders]),
    );
  } else if (tab === "performance") {
    const d = data as CreatorPerformance;
    section(
      x("courses"),
      [
        x("course"),
        x("enrolments"),
        x("completed"),
        x("completionPercent"),
        x("badge"),
        x("averageProgressPercent"),
        x("averageStudySeconds"),
      ],
      d.courses.map((c) => [
        c.title,
        c.enrolments,
        c.completed,
        c.completionRate,
        t(`analytics:creator.performance.badge.${c.badge}`),
        c.averageProgress,
        c.averageStudySeconds,
      ]),
    );
    section(
      x("quizzes"),
      [x("course"), x("quiz"), x("students"), x("averageBestScorePercent"), x("passRatePercent")],
      d.quizzes.map((z) => [z.courseTitle, z.lessonTitle, z.students, z.averageScore, z.passRate]),
    );
  } else if (tab === "reviews") {
    const d = data as CreatorReviewAnalytics;
    section(
      t("analytics:creator.tabs.reviews"),
      [x("course"), x("averageStars"), x("reviews"), x("reviewsOpenAtPercent")],
      d.courses.map((c) => [c.courseTitle, c.average ?? "", c.count, c.minProgress]),
    );
    section(
      x("reviewsWritten"),
      [x("date"), x("reviews"), x("averageStars")],
      d.trend.map((b) => [b.label, b.count, b.average ?? ""]),
    );
  } else {
    const d = data as CreatorAlerts;
    section(
      x("strugglingStudents"),
      [x("student"), x("course"), x("progressPercent"), x("lastActive")],
      d.struggling.map((s) => [s.name, s.courseTitle, s.progress, s.lastActiveAt ?? ""]),
    );
    section(
      x("stoppingLessons"),
      [x("course"), x("lesson"), x("reached"), x("stopped"), x("stoppedPercent")],
      d.dropOffLessons.map((l) => [l.courseTitle, l.lessonTitle, l.reached, l.stopped, l.rate]),
    );
    section(
      x("awaitingOrders"),
      [x("reference"), x("course"), x("currency"), x("amount"), x("awaitingSince")],
      d.awaitingOrders.map((o) => [o.reference, o.courseTitle, o.currency, o.amount, o.awaitingSince]),
    );
    section(
      x("quietLandingPages"),
      [x("page"), x("views14Days")],
      d.quietLandingPages.map((p) => [p.title, p.views]),
    );
    section(
      x("lowReviews"),
      [x("course"), x("stars"), x("review"), x("written"), x("replied")],
      d.lowReviews.map((r) => [r.courseTitle, r.rating, r.body, r.createdAt, r.replied ? x("yes") : x("no")]),
    );
  }
  // A byte-order mark so spreadsheet apps read Vietnamese text as UTF-8.
  return `\uFEFF${Papa.unparse(rows)}`;
}

/** Saves `csv` as a file named `name` through a temporary link. */
export function downloadCsv(name: string, csv: string): void {
  saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), name);
}
