import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { resolveSeo, resolveStyles } from "@academy/shared";
import { serve } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { createApp } from "../../apps/server/src/app.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { user } from "../../apps/server/src/db/schema/index.ts";
import { loadEnv } from "../../apps/server/src/env.ts";
import { chooseMethod } from "../../apps/server/src/features/payments/checkout.service.ts";
import { openOrder } from "../../apps/server/src/features/payments/orders.service.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";
import { createRuntime } from "../../apps/server/src/runtime.ts";
import { startFakeProviders } from "../../apps/server/test/support/fake-providers.ts";
import { percentile } from "../lib/in-process.ts";
import { openLoop } from "../lib/open-loop.ts";
import { type Benchmark, type Row, row } from "../lib/types.ts";

const BUYERS = 200;
/** IPNs per second (open loop): the 200 first deliveries then the 200 replays. */
const CALLBACK_RATE = 50;
const ORIGIN = "http://localhost:3000";
const MOMO = {
  partnerCode: "MOMOBENCH01",
  accessKey: "benchAccessKey",
  secretKey: "benchSecretKeyForTheFakeMoMo00001",
};

/**
 * Issue 11 on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * fresh database, dropped afterwards), the app in this process with the local fake MoMo: 200
 * buyers check out at once (order + MoMo payment created at the fake provider over HTTP), then
 * the 200 signed IPNs and their 200 replays arrive over HTTP at 50/s (open loop). Reports checkout p95, callback p95
 * (target < 50 ms) and whether every order was paid exactly once (one enrolment each, replays
 * without effect).
 */
export const checkoutBenchmark: Benchmark = {
  id: "checkout",
  title: "Checkout and payment callbacks (issue 11)",
  async run(ctx): Promise<Row[]> {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    const database = `academy_bench_checkout_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
    } catch {
      ctx.note("checkout: skipped, no PostgreSQL reachable (set BENCH_DATABASE_URL)");
      return [row("payment callback p95 on PostgreSQL", Number.NaN, "ms", null, { skipped: true })];
    }
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const fake = await startFakeProviders({ momo: MOMO });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-bench-checkout-"));
    const env = loadEnv({
      NODE_ENV: "test",
      APP_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: "silent",
      AUTH_RATE_LIMIT_MAX: "100000",
      MOMO_BASE_URL: fake.url,
    });
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
    const runtime = await createRuntime(env, { handle, logger: createLogger("silent") });
    const { app } = createApp(runtime);
    const request = (pathname: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
      const headers = new Headers({ origin: ORIGIN });
      if (init.cookie) headers.set("cookie", init.cookie);
      if (init.json !== undefined) headers.set("content-type", "application/json");
      return app.request(`${ORIGIN}${pathname}`, {
        method: init.method ?? "GET",
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
    };
    try {
      ctx.log("checkout: creator, course, landing page with MoMo");
      const email = `bench-seller-${Date.now()}@example.com`;
      await request("/api/auth/sign-up/email", {
        method: "POST",
        json: { name: "Seller", email, password: "bench-password-1" },
      });
      await runtime.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
      const signIn = await request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email, password: "bench-password-1" },
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const [creator] = await runtime.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      const published = await request("/api/courses/publish", {
        method: "POST",
        cookie,
        json: {
          title: "Bench course",
          description: "Checkout load",
          price: 199000,
          currency: "VND",
          outline: [
            {
              id: "s1",
              title: "S",
              lessons: [
                {
                  id: "l1",
                  title: "L",
                  type: "text",
                  duration: 10,
                  content: { type: "text", html: "<p>L</p>" },
                },
              ],
            },
          ],
        },
      });
      const { courseId } = (await published.json()) as { courseId: string };
      const page = await request("/api/landing-pages", {
        method: "POST",
        cookie,
        json: {
          title: "Bench",
          description: "",
          slug: `bench-${Date.now()}`,
          courseId,
          templateId: null,
          contentData: { sections: [] },
          styleData: resolveStyles({}),
          seoData: resolveSeo({}),
          isPublished: true,
        },
      });
      const { id: pageId } = (await page.json()) as { id: string };
      await request(`/api/landing-pages/${pageId}/payment-methods`, {
        method: "PUT",
        cookie,
        json: { methods: [{ methodType: "momo", isEnabled: true, configuration: MOMO }] },
      });
      const methodRow = (await runtime.db.execute(
        sql`select id from payment_methods where landing_page_id = ${pageId}`,
      )) as unknown as { rows: { id: string }[] };
      const methodId = methodRow.rows[0].id;

      const buyers = Array.from({ length: BUYERS }, (_, i) => ({
        id: randomUUID(),
        email: `bench-buyer-${Date.now().toString(36)}-${i}@example.com`,
        name: `Buyer ${i}`,
        emailVerified: true,
      }));
      await runtime.db
        .insert(user)
        .values(buyers.map((b) => ({ ...b, createdAt: new Date(), updatedAt: new Date() })));
      const deps = {
        db: runtime.db,
        mailer: runtime.mailer,
        env: runtime.env,
        encryptionKey: runtime.encryptionKey,
      };
      const course = { id: courseId, price: 199000, currency: "VND", creatorId: creator.id, schoolId: null };

      ctx.log(`checkout: ${BUYERS} concurrent checkouts`);
      const checkoutMs: number[] = [];
      const refs = await Promise.all(
        buyers.map(async (b) => {
          const started = performance.now();
          const opened = await openOrder(runtime.db, b, course, {});
          await chooseMethod(deps, b, opened.reference as string, "momo", "vi");
          checkoutMs.push(performance.now() - started);
          return opened.reference as string;
        }),
      );

      ctx.log(`checkout: ${BUYERS} IPNs then ${BUYERS} replays at ${CALLBACK_RATE}/s over HTTP`);
      const ipns = refs.map((ref) => JSON.stringify(fake.momoIpnFor(`${ref}-1`)));
      const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
      await new Promise((resolve) => server.once("listening", resolve));
      const port = (server.address() as AddressInfo).port;
      const load = await openLoop({
        url: `http://127.0.0.1:${port}`,
        rate: CALLBACK_RATE,
        durationS: (2 * BUYERS) / CALLBACK_RATE,
        connections: 20,
        request: (i) => ({
          method: "POST",
          path: `/api/payments/callbacks/momo/${methodId}`,
          headers: { "content-type": "application/json" },
          body: ipns[i % BUYERS],
        }),
      });
      await new Promise((resolve) => server.close(resolve));
      const callbackMs = load.latencies;
      const first = [load.statusCodes[204] === 2 * BUYERS && load.errors === 0 ? 204 : 0];
      const replays = first;
      ctx.note(`checkout: callbacks ${JSON.stringify(load.statusCodes)}, ${load.errors} errors`);
      const counts = (await runtime.db.execute(sql`
        select
          (select count(*) from orders where status = 'paid') as paid,
          (select count(*) from payment_events where outcome = 'paid') as paid_events,
          (select count(*) from payment_events where outcome = 'duplicate') as duplicates,
          (select count(*) from enrollments where payment_status = 'completed') as enrolled,
          (select enrollment_count from courses where id = ${courseId}) as counted,
          (select count(*) from email_outbox where template = 'order-receipt') as receipts`)) as unknown as {
        rows: Record<string, string | number>[];
      };
      const c = Object.fromEntries(Object.entries(counts.rows[0]).map(([k, v]) => [k, Number(v)]));
      const exactlyOnce =
        first.every((s) => s === 204) &&
        replays.every((s) => s === 204) &&
        c.paid === BUYERS &&
        c.paid_events === BUYERS &&
        c.duplicates === BUYERS &&
        c.enrolled === BUYERS &&
        c.counted === BUYERS &&
        c.receipts === BUYERS;
      ctx.note(
        `checkout: ${JSON.stringify(c)} (in-process app.request on PostgreSQL; MoMo create over HTTP to the local fake)`,
      );
      return [
        row(
          `${BUYERS} concurrent checkouts (order + MoMo create), p95`,
          percentile(checkoutMs, 95),
          "ms",
          null,
        ),
        row(
          `payment callback (MoMo IPN over HTTP, ${CALLBACK_RATE}/s, ${BUYERS} + ${BUYERS} replays) p95`,
          percentile(callbackMs, 95),
          "ms",
          {
            op: "<",
            value: 50,
            unit: "ms",
          },
        ),
        row("orders paid exactly once (1 = yes)", exactlyOnce ? 1 : 0, "", { op: ">=", value: 1, unit: "" }),
      ];
    } finally {
      await runtime.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
      await admin.end();
    }
  },
};
