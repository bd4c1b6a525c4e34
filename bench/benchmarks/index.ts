import type { Benchmark } from "../lib/types.ts";
import { analyticsBenchmark } from "./analytics.ts";
import { bigBodiesBenchmark } from "./big-bodies.ts";
import { checkoutBenchmark } from "./checkout.ts";
import { communityBenchmark } from "./community.ts";
import { coursesBenchmark } from "./courses.ts";
import { hardeningBenchmark } from "./hardening.ts";
import { landingPagesBenchmark } from "./landing-pages.ts";
import { launchBenchmark } from "./launch.ts";
import { learningBenchmark } from "./learning.ts";
import { messagingBenchmark } from "./messaging.ts";
import { moneyChaosBenchmark } from "./money-chaos.ts";
import { notificationsBenchmark } from "./notifications.ts";
import { reviewsBenchmark } from "./reviews.ts";
import { routeJsBenchmark } from "./route-js.ts";
import { schoolPageBenchmark } from "./school-page.ts";
import { startupBenchmark } from "./startup.ts";
import { studentsBenchmark } from "./students.ts";
import { throughputBenchmark } from "./throughput.ts";
import { uploadsTusBenchmark } from "./uploads-tus.ts";
import { videoBenchmark } from "./video.ts";

/**
 * Every benchmark `npm run bench` runs, in order. To add one, write a `Benchmark` (see
 * ../lib/types.ts) that returns rows built with `row()`, and append it here.
 */
export const benchmarks: Benchmark[] = [
  startupBenchmark,
  throughputBenchmark,
  coursesBenchmark,
  learningBenchmark,
  studentsBenchmark,
  landingPagesBenchmark,
  messagingBenchmark,
  checkoutBenchmark,
  moneyChaosBenchmark,
  analyticsBenchmark,
  schoolPageBenchmark,
  hardeningBenchmark,
  bigBodiesBenchmark,
  communityBenchmark,
  reviewsBenchmark,
  notificationsBenchmark,
  routeJsBenchmark,
  videoBenchmark,
  uploadsTusBenchmark,
  launchBenchmark,
];
