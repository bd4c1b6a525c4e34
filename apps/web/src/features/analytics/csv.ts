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
import type { CreatorTab } from "./api/analytics";

type Cell = string | number;

/**
 * The current creator tab as CSV rows (issue 12 §2 Export CSV): raw figures — money in the
 * currency's smallest unit with its currency, rates in percent, study time in seconds — one
 * section per table, sections separated by an empty row.
 */
export function tabCsv(tab: CreatorTab, data: unknown, t: TFunction): string {
  const rows: Cell[][] = [];
  const section = (title: string, header: Cell[], body: Cell[][]) => {
    if (rows.length > 0) rows.push([]);
    rows.push([title], header, ...body);
  };
  if (tab === "overview") {
    const d = data as CreatorOverview;
    section(
      t("analytics:creator.tabs.overview"),
      ["Card", "Currency", "Value", "Previous"],
      [
        ["Total Students", "", d.cards.totalStudents.value, d.cards.totalStudents.previous],
        ...d.cards.revenue.map((r): Cell[] => ["Total Revenue", r.currency, r.value, r.previous]),
        ["Course Completion %", "", d.cards.completion.value, d.cards.completion.previous],
        ["Retention Rate %", "", d.cards.retention.value ?? "", d.cards.retention.previous ?? ""],
      ],
    );
    section(
      "Enrolments",
      ["Date", "Enrolments"],
      d.enrolments.map((e) => [e.date, e.enrolments]),
    );
    section(
      "Revenue",
      ["Date", "Currency", "Amount"],
      d.revenue.map((r) => [r.date, r.currency, r.amount]),
    );
    section(
      "Funnel",
      ["Step", "Count"],
      Object.entries(d.funnel).map(([k, v]) => [k, v]),
    );
    section(
      "Enrolments by source",
      ["Source", "Enrolments"],
      d.enrolmentsBySource.map((r) => [r.key, r.enrolments]),
    );
  } else if (tab === "engagement") {
    const d = data as CreatorEngagement;
    section(
      "Daily",
      ["Date", "Active students", "Seconds per active student"],
      d.daily.map((x) => [x.date, x.activeStudents, x.secondsPerActiveStudent]),
    );
    section(
      "Heatmap",
      ["Weekday (1 = Monday)", "Hour", "Seconds"],
      d.heatmap.map((h) => [h.weekday, h.hour, h.seconds]),
    );
    section(
      "Lesson drop-off",
      ["Course", "Position", "Lesson", "Enrolled", "Completed", "Completed %"],
      d.dropOff.map((l) => [l.courseTitle, l.position, l.lessonTitle, l.enrolled, l.completed, l.rate]),
    );
  } else if (tab === "revenue") {
    const d = data as CreatorRevenue;
    const money = (r: CreatorRevenue["byCourse"][number]): Cell[] => [
      r.label,
      r.currency,
      r.amount,
      r.orders,
    ];
    const header = ["Name", "Currency", "Amount", "Orders"];
    section("By course", header, d.byCourse.map(money));
    section("By payment method", header, d.byMethod.map(money));
    section("By coupon", header, d.byCoupon.map(money));
    section("By referral", header, d.byReferral.map(money));
    section("By source", header, d.bySource.map(money));
    section("By campaign", header, d.byCampaign.map(money));
    section(
      "Refunds",
      ["Currency", "Amount", "Orders"],
      d.refunds.map((r) => [r.currency, r.amount, r.orders]),
    );
  } else if (tab === "performance") {
    const d = data as CreatorPerformance;
    section(
      "Courses",
      [
        "Course",
        "Enrolments",
        "Completed",
        "Completion %",
        "Badge",
        "Average progress %",
        "Average study seconds",
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
      "Quizzes",
      ["Course", "Quiz", "Students", "Average best score %", "Pass rate %"],
      d.quizzes.map((z) => [z.courseTitle, z.lessonTitle, z.students, z.averageScore, z.passRate]),
    );
  } else if (tab === "reviews") {
    const d = data as CreatorReviewAnalytics;
    section(
      t("analytics:creator.tabs.reviews"),
      ["Course", "Average stars", "Reviews", "Reviews open at %"],
      d.courses.map((c) => [c.courseTitle, c.average ?? "", c.count, c.minProgress]),
    );
    section(
      "Reviews written",
      ["Date", "Reviews", "Average stars"],
      d.trend.map((b) => [b.label, b.count, b.average ?? ""]),
    );
  } else {
    const d = data as CreatorAlerts;
    section(
      "Struggling students",
      ["Student", "Course", "Progress %", "Last active"],
      d.struggling.map((s) => [s.name, s.courseTitle, s.progress, s.lastActiveAt ?? ""]),
    );
    section(
      "Lessons where students stop",
      ["Course", "Lesson", "Reached", "Stopped", "Stopped %"],
      d.dropOffLessons.map((l) => [l.courseTitle, l.lessonTitle, l.reached, l.stopped, l.rate]),
    );
    section(
      "Orders awaiting confirmation",
      ["Reference", "Course", "Currency", "Amount", "Awaiting since"],
      d.awaitingOrders.map((o) => [o.reference, o.courseTitle, o.currency, o.amount, o.awaitingSince]),
    );
    section(
      "Landing pages without conversions",
      ["Page", "Views (14 days)"],
      d.quietLandingPages.map((p) => [p.title, p.views]),
    );
    section(
      "Reviews of 1–2 stars (14 days)",
      ["Course", "Stars", "Review", "Written", "Replied"],
      d.lowReviews.map((r) => [r.courseTitle, r.rating, r.body, r.createdAt, r.replied ? "yes" : "no"]),
    );
  }
  // A byte-order mark so spreadsheet apps read Vietnamese text as UTF-8.
  return `\uFEFF${Papa.unparse(rows)}`;
}

/** Saves `csv` as a file named `name` through a temporary link. */
export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
