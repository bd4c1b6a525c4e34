import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { type OrderMethod, resolveSeo, resolveStyles } from "@academy/shared";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, type Db, openDatabase } from "../../apps/server/src/db/client.ts";
import { user } from "../../apps/server/src/db/schema/index.ts";
import type { runOrderJobs } from "../../apps/server/src/features/payments/reconciliation.service.ts";
import { startFakeProviders } from "../../apps/server/test/support/fake-providers.ts";
import { percentile } from "../lib/in-process.ts";
import { type Benchmark, type Row, row } from "../lib/types.ts";
import { workerRpc } from "../lib/worker-rpc.ts";

/** Orders (one buyer each) in the run. */
const ORDERS = 500;
/** Buyers checking out at the same time. */
const BUYER_CONCURRENCY = 4;
/** Held-back callbacks (replays, out of order, late) are sent at this rate, open loop (per second). */
const DELIVERY_RATE = 50;
/** Times the creator re-saves the payment tab while buyers pay (BENCH_CHAOS_SAVES overrides, e.g. 0 to compare). */
const SAVES = Number(process.env.BENCH_CHAOS_SAVES ?? 6);
const PRICE = 199_000;
const ORIGIN = "http://localhost:3000";
/** Hard bound of the whole scenario (setup excluded); past it the benchmark fails instead of hanging. */
const DEADLINE_MS = 150_000;
/** Rounds of final reconciliation (both instances at once) at most, until one recovers nothing. */
const MAX_QUIET_ROUNDS = 6;

const KEYS = {
  momo: {
    partnerCode: "MOMOCHAOS01",
    accessKey: "chaosAccessKey01",
    secretKey: "chaosSecretKeyForTheFakeMoMo00001",
  },
  zalopay: {
    appId: "2553",
    key1: "chaosZaloKey1chaosZaloKey1abcdef",
    key2: "chaosZaloKey2chaosZaloKey2abcdef",
  },
  stripe: { secretKey: "sk_test_chaosAcademyKey00000001", webhookSecret: "whsec_chaosAcademySecret000001" },
};

const METHODS = [
  { methodType: "momo", isEnabled: true, configuration: KEYS.momo },
  {
    methodType: "vietqr",
    isEnabled: true,
    configuration: { bankCode: "VCB", accountNumber: "0123456789", accountHolder: "NGUYEN CHAOS" },
  },
  { methodType: "zalopay", isEnabled: true, configuration: KEYS.zalopay },
  {
    methodType: "credit-card",
    isEnabled: true,
    configuration: { provider: "Stripe", publicKey: "pk_test_chaos", ...KEYS.stripe },
  },
];

type Provider = "momo" | "zalopay" | "stripe";
/** How one payment's callback reaches Academy. */
type Delivery = "now" | "twice" | "out-of-order" | "late" | "never";

/** mulberry32: a small seeded PRNG (the run is repeatable for a given BENCH_SEED). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** One of `items` with the given weights. */
    pick<T>(items: readonly (readonly [T, number])[]): T {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1][0];
    },
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

/** What one buyer will do, drawn up front from the seeded PRNG. */
interface Plan {
  methods: OrderMethod[];
  /** Cancels the first MoMo attempt in the app (MoMo IPN 1006) before switching. */
  cancelFirst: boolean;
  pay: "none" | "last" | "earlier" | "twice";
  /** Delivery of the first and second payment's callback. */
  deliveries: [Delivery, Delivery];
  /** The order's own time runs out before the late callbacks: "grace" = the provider pages closed
   *  1 minute ago (reconciliation still asks), "closed" = 11 minutes ago (only a callback can tell). */
  expire: "none" | "grace" | "closed";
  /** After the expiry the buyer opens a new order and pays it at once. */
  reopen: boolean;
  /** Which instance (0 or 1) this buyer's requests go to. */
  instance: number;
}

const METHOD_WEIGHTS = [
  ["momo", 30],
  ["zalopay", 25],
  ["credit-card", 25],
  ["vietqr", 20],
] as const satisfies readonly (readonly [OrderMethod, number])[];
const DELIVERY_WEIGHTS = [
  ["now", 35],
  ["twice", 15],
  ["out-of-order", 15],
  ["late", 15],
  ["never", 20],
] as const satisfies readonly (readonly [Delivery, number])[];

function planFor(rng: Rng): Plan {
  const length = rng.pick([
    [1, 45],
    [2, 35],
    [3, 20],
  ] as const);
  const methods = Array.from({ length }, () => rng.pick(METHOD_WEIGHTS));
  const expire = rng.pick([
    ["none", 80],
    ["grace", 13],
    ["closed", 7],
  ] as const);
  const deliveries = [rng.pick(DELIVERY_WEIGHTS), rng.pick(DELIVERY_WEIGHTS)].map((d) =>
    // Pages closed past reconciliation's grace: a lost callback there is lost by construction.
    expire === "closed" && d === "never" ? "late" : d,
  ) as [Delivery, Delivery];
  return {
    methods,
    cancelFirst: methods[0] === "momo" && length > 1 && rng.chance(0.3),
    pay: rng.pick([
      ["none", 20],
      ["last", 45],
      ["earlier", 20],
      ["twice", 15],
    ] as const),
    deliveries,
    expire,
    reopen: expire !== "none" && rng.chance(0.3),
    instance: rng.int(2),
  };
}

/** One provider payment page (attempt) a buyer opened. */
interface Page {
  provider: Provider;
  /** MoMo orderId, ZaloPay app_trans_id, Stripe session id (the fake's keys). */
  id: string;
  /** Where the provider posts its callback (path of the ipnUrl / callback_url / registered webhook). */
  callbackPath: string;
  cancelled: boolean;
}

/** A callback body ready to post. */
interface Callback {
  /** The page (attempt) it is about: MoMo orderId, ZaloPay app_trans_id, Stripe session id. */
  pageId: string;
  path: string;
  body: string;
  headers: Record<string, string>;
  kind: "success" | "cancel" | "expired";
  provider: Provider;
}

type Course = { id: string; price: number; currency: string; creatorId: string; schoolId: string | null };
type Buyer = { id: string; email: string; name: string; emailVerified: boolean };
type JobResult = Awaited<ReturnType<typeof runOrderJobs>>;

/** One Academy instance in a worker thread (bench/lib/chaos-instance.ts): its listener and its calls. */
interface Instance {
  port: number;
  request(
    pathname: string,
    init?: { method?: string; json?: unknown; cookie?: string },
  ): Promise<{ status: number; ok: boolean; text: string; cookies: string[] }>;
  openOrder(buyer: Buyer, course: Course): Promise<string | null>;
  chooseMethod(buyer: Buyer, reference: string, method: OrderMethod): Promise<string | null>;
  runOrderJobs(opts: Parameters<typeof runOrderJobs>[1]): Promise<JobResult>;
  close(): Promise<void>;
}

/**
 * Issue 23 "Tests and proof": money chaos on PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test; a fresh database, dropped afterwards) with TWO Academy
 * instances sharing it — each `createRuntime` + `createApp` in a worker thread of this process
 * (its own event loop, as a separate server has) with its own HTTP listener on 127.0.0.1 — against
 * the local fake MoMo, ZaloPay and Stripe (bench/lib/chaos-instance.ts).
 *
 * 500 buyers (4 at a time, each on one instance) open an order and choose methods at random
 * (MoMo, ZaloPay, card, VietQR, 1–3 choices; sometimes the first MoMo attempt is cancelled in the
 * app, IPN 1006), then pay nothing, the last page, an earlier page still open, or two pages (paid
 * twice). Each payment's callback, to either instance, comes now, twice (the replay later), out of
 * order (later, the order's callbacks reversed, with a stale MoMo cancel / Stripe
 * `checkout.session.expired` for pages left unpaid), late (after the order's own time:
 * `orders.expires_at` moved into the past and, for some orders, the provider pages closed 1 or
 * 11 minutes ago, i.e. inside or past reconciliation's grace; then the order jobs run) or never
 * (reconciliation must find it). MoMo / ZaloPay callbacks go to the ipnUrl / callback_url Academy
 * gave the provider; Stripe's to the webhook URL the creator registered at setup. Some buyers of
 * expired orders open a new order and pay it before their late money lands. The creator re-saves
 * the payment tab (GET, then PUT of the same methods) 6 times while buyers pay. Both instances run
 * `runOrderJobs` throughout and, at the end, together until a round recovers nothing. Held-back
 * callbacks are sent open loop at 50/s.
 *
 * The books are then audited against the fakes (see `auditBooks`): lost payments (target 0),
 * double-counted money (target 0), callback p95 over HTTP (target < 50 ms), and the saves
 * accepted. Each buyer's plan is fixed by BENCH_SEED (default 23); what then happens depends on
 * timing (two instances, concurrent jobs), so counts vary a little between runs.
 * BENCH_CHAOS_SAVES=0 runs the same without the saves (to tell their effect apart).
 */
export const moneyChaosBenchmark: Benchmark = {
  id: "money-chaos",
  title: "Money chaos: 500 orders, three providers, two instances (issue 23)",
  async run(ctx): Promise<Row[]> {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    const seed = Number(process.env.BENCH_SEED ?? 23);
    const database = `academy_bench_chaos_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
    } catch {
      ctx.note("money-chaos: skipped, no PostgreSQL reachable (set BENCH_DATABASE_URL)");
      return [row("money chaos: lost payments", Number.NaN, "", null, { skipped: true })];
    }
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const fake = await startFakeProviders(KEYS);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-bench-chaos-"));
    // Servers sharing one database share these keys (issue 16 item 9).
    const shared = {
      AUTH_SECRET: randomBytes(32).toString("hex"),
      ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    };
    const instances: Instance[] = [];
    let handle: DatabaseHandle | undefined;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    try {
      // Sequential starts: the first migrates the fresh database.
      for (let k = 0; k < 2; k++) instances.push(await startInstance(k));
      const [a] = instances;
      // The benchmark's own connection: setup, the clock moves of the late phase and the audit.
      handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
      const db = handle.db;
      const deadline = performance.now() + DEADLINE_MS;
      const checkDeadline = (phase: string) => {
        if (performance.now() > deadline)
          throw new Error(`money-chaos: over ${DEADLINE_MS / 1000} s (in ${phase}); stopped`);
      };

      // ---- setup: creator, course, landing page with MoMo, VietQR, ZaloPay and card ----
      ctx.log("money-chaos: creator, course, landing page with MoMo, VietQR, ZaloPay, card");
      const email = `chaos-seller-${Date.now()}@example.com`;
      await a.request("/api/auth/sign-up/email", {
        method: "POST",
        json: { name: "Chaos Seller", email, password: "bench-password-1" },
      });
      await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
      const signIn = await a.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email, password: "bench-password-1" },
      });
      const cookie = signIn.cookies.map((c) => c.split(";")[0]).join("; ");
      const [creator] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
      const published = await a.request("/api/courses/publish", {
        method: "POST",
        cookie,
        json: {
          title: "Chaos course",
          description: "Money chaos",
          price: PRICE,
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
      if (!published.ok) throw new Error(`publish failed: ${published.status} ${published.text}`);
      const { courseId } = JSON.parse(published.text) as { courseId: string };
      const page = await a.request("/api/landing-pages", {
        method: "POST",
        cookie,
        json: {
          title: "Chaos",
          description: "",
          slug: `chaos-${Date.now()}`,
          courseId,
          templateId: null,
          contentData: { sections: [] },
          styleData: resolveStyles({}),
          seoData: resolveSeo({}),
          isPublished: true,
        },
      });
      const { id: pageId } = JSON.parse(page.text) as { id: string };
      const saved = await a.request(`/api/landing-pages/${pageId}/payment-methods`, {
        method: "PUT",
        cookie,
        json: { methods: METHODS },
      });
      if (!saved.ok) throw new Error(`payment methods failed: ${saved.status} ${saved.text}`);
      // The creator registers the card method's webhook URL in Stripe once, at setup.
      const stripeWebhookPath = `/api/payments/callbacks/stripe/${await methodIdOf(db, pageId, "credit-card")}`;

      const course: Course = {
        id: courseId,
        price: PRICE,
        currency: "VND",
        creatorId: creator.id,
        schoolId: null,
      };
      const stamp = Date.now().toString(36);
      const buyers = Array.from({ length: ORDERS }, (_, i) => ({
        id: randomUUID(),
        email: `chaos-buyer-${stamp}-${i}@example.com`,
        name: `Buyer ${i}`,
        emailVerified: true,
      }));
      await db
        .insert(user)
        .values(buyers.map((b) => ({ ...b, createdAt: new Date(), updatedAt: new Date() })));

      const master = prng(seed);
      const plans = buyers.map(() => planFor(master));
      const rngs = buyers.map((_, i) => prng(seed * 7919 + i + 1));

      // ---- callbacks over HTTP, spread over both listeners ----
      const latencies: number[] = [];
      /** Latencies of the callbacks Academy accepted (2xx): a refused one (400 / 429) is cheap. */
      const acceptedLatencies: number[] = [];
      const byPhase: Record<string, number[]> = {};
      let phase = "buyers";
      const statuses: Record<string, number> = {};
      /** HTTP statuses of the success callbacks of each page. */
      const pageStatuses = new Map<string, number[]>();
      const post = async (cb: Callback, instance: number) => {
        const started = performance.now();
        const status = await httpPost(agent, instances[instance].port, cb.path, cb.body, cb.headers);
        const ms = performance.now() - started;
        latencies.push(ms);
        if (status >= 200 && status < 300) acceptedLatencies.push(ms);
        byPhase[phase] = [...(byPhase[phase] ?? []), ms];
        const key = `${cb.provider} ${cb.kind} ${status}`;
        if (cb.kind === "success")
          pageStatuses.set(cb.pageId, [...(pageStatuses.get(cb.pageId) ?? []), status]);
        statuses[key] = (statuses[key] ?? 0) + 1;
      };
      const replays: { cb: Callback; instance: number }[] = [];
      const outOfOrder: { cbs: Callback[]; instance: number }[] = [];
      const late: { cb: Callback; instance: number; i: number }[] = [];
      const refs: (string | null)[] = Array(ORDERS).fill(null);
      const pagesOf: Page[][] = buyers.map(() => []);
      const errors: Record<string, number> = {};
      const countError = (what: string, error: unknown) => {
        const key = `${what}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 160);
        errors[key] = (errors[key] ?? 0) + 1;
      };

      const pageFrom = (redirectUrl: string | null): Page | null => {
        const m = redirectUrl ? /\/pay\/(momo|zalopay|stripe)\/([^/?]+)$/.exec(redirectUrl) : null;
        if (!m) return null;
        const provider = m[1] as Provider;
        const id = decodeURIComponent(m[2]);
        const where =
          provider === "momo"
            ? fake.momoOrders.get(id)?.ipnUrl
            : provider === "zalopay"
              ? fake.zaloOrders.get(id)?.callback_url
              : `${ORIGIN}${stripeWebhookPath}`;
        return { provider, id, callbackPath: new URL(where ?? ORIGIN).pathname, cancelled: false };
      };
      /** Marks the page paid at the fake provider and returns the callback it would send. */
      const payAt = (p: Page): Callback => {
        if (p.provider === "momo")
          return { ...base(p, "success"), body: JSON.stringify(fake.momoIpnFor(p.id)) };
        if (p.provider === "zalopay")
          return { ...base(p, "success"), body: JSON.stringify(fake.zaloCallbackFor(p.id)) };
        const event = fake.stripeEventFor(p.id);
        return { ...base(p, "success"), body: event.payload, headers: { "stripe-signature": event.header } };
      };
      /** A stale "not paid" callback for a page the buyer left (MoMo cancel, Stripe session expired). */
      const staleFor = (p: Page): Callback | null => {
        if (p.provider === "momo")
          return { ...base(p, "cancel"), body: JSON.stringify(fake.momoIpnFor(p.id, { resultCode: 1006 })) };
        if (p.provider === "stripe") {
          const event = fake.stripeEventFor(p.id, { type: "checkout.session.expired" });
          return {
            ...base(p, "expired"),
            body: event.payload,
            headers: { "stripe-signature": event.header },
          };
        }
        return null;
      };
      const base = (p: Page, kind: Callback["kind"]) => ({
        pageId: p.id,
        path: p.callbackPath,
        headers: {} as Record<string, string>,
        kind,
        provider: p.provider,
      });

      /** Pays `paid` pages and sends / holds their callbacks as planned. */
      const settle = async (i: number, paid: Page[], deliveries: Delivery[], rng: Rng, stale: Page[]) => {
        const plan = plans[i];
        const cbs = paid.map(payAt);
        const held: Callback[] = [];
        // Callbacks sent now go out together: two payments of one order race on the two instances.
        const now: Promise<void>[] = [];
        for (const [n, cb] of cbs.entries()) {
          const d = deliveries[n];
          if (d === "now") now.push(post(cb, rng.int(2)));
          // Twice: the provider's retry either races the first delivery on the other instance or
          // comes later.
          if (d === "twice" && rng.chance(0.5)) now.push(post(cb, 0), post(cb, 1));
          else if (d === "twice") {
            now.push(post(cb, rng.int(2)));
            replays.push({ cb, instance: rng.int(2) });
          }
          if (d === "out-of-order") held.push(cb);
          if (d === "late") late.push({ cb, instance: rng.int(2), i });
        }
        await Promise.all(now);
        if (held.length) {
          // Natural order: the stale cancels / expiries of pages left earlier, then the successes
          // as paid; delivered reversed.
          const natural = [...stale.map(staleFor).filter((c): c is Callback => c !== null), ...held];
          outOfOrder.push({ cbs: natural.reverse(), instance: plan.instance });
        }
      };

      const buyer = async (i: number) => {
        const plan = plans[i];
        const rng = rngs[i];
        const b = buyers[i];
        const inst = instances[plan.instance];
        const ref = (await inst.openOrder(b, course)) as string;
        refs[i] = ref;
        const pages = pagesOf[i];
        const choose = async (method: OrderMethod) => {
          try {
            const p = pageFrom(await inst.chooseMethod(b, ref, method));
            if (p) pages.push(p);
            return p;
          } catch (error) {
            countError(`chooseMethod ${method}`, error);
            return null;
          }
        };
        for (const [n, method] of plan.methods.entries()) {
          const p = await choose(method);
          if (n === 0 && plan.cancelFirst && p?.provider === "momo") {
            // Cancelled in the MoMo app: MoMo's IPN says 1006, now.
            p.cancelled = true;
            await post(
              { ...base(p, "cancel"), body: JSON.stringify(fake.momoIpnFor(p.id, { resultCode: 1006 })) },
              rng.int(2),
            );
          }
        }
        let payable = pages.filter((p) => !p.cancelled);
        if (plan.pay === "none" || payable.length === 0) return;
        if (plan.pay === "twice" && payable.length < 2) {
          // "Card twice": one more provider attempt so there are two pages to pay.
          await choose(rng.pick(METHOD_WEIGHTS.filter(([m]) => m !== "vietqr")));
          payable = pages.filter((p) => !p.cancelled);
        }
        let paid: Page[];
        if (plan.pay === "twice" && payable.length >= 2) {
          const first = rng.int(payable.length);
          let second = rng.int(payable.length - 1);
          if (second >= first) second++;
          paid = [payable[first], payable[second]];
        } else if (plan.pay === "earlier" && payable.length >= 2) {
          paid = [payable[rng.int(payable.length - 1)]];
        } else paid = [payable[payable.length - 1]];
        const left = pages.filter((p) => !p.cancelled && !paid.includes(p));
        await settle(i, paid, plan.deliveries, rng, left);
      };

      // ---- order jobs on both instances, concurrently, for the whole run (every 3 s; an attempt is
      // asked once it is 5 s old and again after 30 s: production runs them every 60 s) ----
      const jobs = { stop: false, runs: 0, recovered: 0, failures: 0 };
      const jobLoop = async (inst: Instance) => {
        while (!jobs.stop) {
          try {
            const r = await inst.runOrderJobs({ requerySeconds: 5, recheckSeconds: 30, limit: 100 });
            jobs.runs++;
            jobs.recovered += r.recovered;
          } catch (error) {
            jobs.failures++;
            countError("runOrderJobs", error);
          }
          await sleep(3000);
        }
      };
      const jobLoops = instances.map(jobLoop);

      // ---- phase 1: buyers, with the creator re-saving the payment tab ----
      ctx.log(`money-chaos: ${ORDERS} buyers (${BUYER_CONCURRENCY} at a time), ${SAVES} payment-tab saves`);
      const saves: Promise<void>[] = [];
      const saveResults: string[] = [];
      const save = async (k: number) => {
        const inst = instances[k % 2];
        const got = await inst.request(`/api/landing-pages/${pageId}/payment-methods`, { cookie });
        const { methods } = JSON.parse(got.text) as {
          methods: { methodType: string; isEnabled: boolean; configuration: Record<string, string> }[];
        };
        const put = await inst.request(`/api/landing-pages/${pageId}/payment-methods`, {
          method: "PUT",
          cookie,
          json: {
            methods: methods.map((m) => ({
              methodType: m.methodType,
              isEnabled: m.isEnabled,
              configuration: m.configuration,
            })),
          },
        });
        saveResults.push(put.ok ? "ok" : `${put.status} ${put.text.slice(0, 200)}`);
      };
      const phase1Started = performance.now();
      let next = 0;
      let savesLaunched = 0;
      await Promise.all(
        Array.from({ length: BUYER_CONCURRENCY }, async () => {
          while (next < ORDERS) {
            const i = next++;
            checkDeadline("buyers");
            if (savesLaunched < SAVES && i >= Math.floor(((savesLaunched + 1) * ORDERS) / (SAVES + 1))) {
              saves.push(save(savesLaunched++).catch((error) => countError("save", error)));
            }
            try {
              await buyer(i);
            } catch (error) {
              countError("buyer", error);
            }
          }
        }),
      );
      await Promise.all(saves);
      const phase1Ms = performance.now() - phase1Started;

      // ---- phase 2: replays and out-of-order callbacks ----
      ctx.log(`money-chaos: ${replays.length} replays, ${outOfOrder.length} orders' callbacks out of order`);
      const shuffled = <T>(items: T[]) => {
        const out = [...items];
        for (let i = out.length - 1; i > 0; i--) {
          const j = master.int(i + 1);
          [out[i], out[j]] = [out[j], out[i]];
        }
        return out;
      };
      phase = "replays";
      const phase2 = shuffled<() => Promise<void>>([
        ...replays.map(
          ({ cb, instance }) =>
            () =>
              post(cb, instance),
        ),
        ...outOfOrder.map(({ cbs, instance }) => async () => {
          for (const [n, cb] of cbs.entries()) await post(cb, (instance + n) % 2);
        }),
      ]);
      await paced(phase2, DELIVERY_RATE, () => checkDeadline("replays"));
      jobs.stop = true;
      await Promise.all(jobLoops);

      // ---- phase 3: the order's own time runs out, then the late callbacks ----
      phase = "late";
      const lateRefs = new Set<string>();
      for (const item of late) if (refs[item.i]) lateRefs.add(refs[item.i] as string);
      const expiring = plans.flatMap((p, i) => (p.expire !== "none" && refs[i] ? [i] : []));
      for (const i of expiring) lateRefs.add(refs[i] as string);
      ctx.log(
        `money-chaos: ${lateRefs.size} orders past their own time (${expiring.length} with pages closed), order jobs, ${late.length} late callbacks`,
      );
      await db.execute(sql`
        update orders set expires_at = now() - interval '1 minute'
        where status = 'pending' and reference in ${sqlList([...lateRefs])}`);
      for (const closed of ["grace", "closed"] as const) {
        const ids = expiring.filter((i) => plans[i].expire === closed);
        if (!ids.length) continue;
        const agoMs = (closed === "grace" ? 1 : 11) * 60_000;
        await db.execute(sql`
          update payment_attempts set provider_expires_at = now() - make_interval(secs => ${agoMs / 1000}::int)
          where order_id in (select id from orders where reference in ${sqlList(ids.map((i) => refs[i] as string))})`);
        for (const i of ids)
          for (const p of pagesOf[i]) fake.setPageExpiry(p.provider, p.id, Date.now() - agoMs);
      }
      const afterExpiry = await Promise.all(
        instances.map((inst) => inst.runOrderJobs({ requerySeconds: 0, recheckSeconds: 0, limit: 2000 })),
      );
      checkDeadline("expiry");
      // Some buyers of expired orders open a new order and pay it, before or after their late money lands.
      let reopened = 0;
      const afterLate: { cb: Callback; instance: number }[] = [];
      await pool(
        expiring
          .filter((i) => plans[i].reopen)
          .map((i) => async () => {
            const b = buyers[i];
            const rng = rngs[i];
            const inst = instances[plans[i].instance];
            try {
              const reference = await inst.openOrder(b, course);
              if (!reference) return; // already enrolled (the late money was found)
              const method = rng.pick(METHOD_WEIGHTS.filter(([m]) => m !== "vietqr"));
              const p = pageFrom(await inst.chooseMethod(b, reference, method));
              if (!p) return;
              pagesOf[i].push(p);
              reopened++;
              if (rng.chance(0.5)) await post(payAt(p), rng.int(2));
              else afterLate.push({ cb: payAt(p), instance: rng.int(2) });
            } catch (error) {
              countError("reopen", error);
            }
          }),
        BUYER_CONCURRENCY,
        () => checkDeadline("reopen"),
      );
      await paced(
        shuffled(late).map(
          ({ cb, instance }) =>
            () =>
              post(cb, instance),
        ),
        DELIVERY_RATE,
        () => checkDeadline("late callbacks"),
      );
      await paced(
        afterLate.map(
          ({ cb, instance }) =>
            () =>
              post(cb, instance),
        ),
        DELIVERY_RATE,
        () => checkDeadline("new orders' callbacks"),
      );

      // ---- phase 4: reconciliation on both instances until quiet ----
      const rounds: { requeried: number; recovered: number; expired: number }[] = [];
      for (let round = 0; round < MAX_QUIET_ROUNDS; round++) {
        checkDeadline("reconciliation");
        const results = await Promise.all(
          instances.map((inst) => inst.runOrderJobs({ requerySeconds: 0, recheckSeconds: 0, limit: 5000 })),
        );
        const sum = results.reduce(
          (s, r) => ({
            requeried: s.requeried + r.requeried,
            recovered: s.recovered + r.recovered,
            expired: s.expired + r.expired,
          }),
          { requeried: 0, recovered: 0, expired: 0 },
        );
        rounds.push(sum);
        if (sum.recovered === 0 && sum.expired === 0) break;
      }
      const runMs = performance.now() - phase1Started;

      // ---- the books ----
      const audit = await auditBooks(db, fake, courseId, pageStatuses);
      const callbackP95 = percentile(latencies, 95);
      const facts = {
        seed,
        acceptedCallbackP95: acceptedLatencies.length ? percentile(acceptedLatencies, 95) : null,
        orders: refs.filter(Boolean).length,
        pages: pagesOf.reduce((s, ps) => s + ps.length, 0),
        confirmed: audit.confirmed,
        callbacks: latencies.length,
        callbackStatuses: statuses,
        saves: saveResults,
        jobsDuringRun: { runs: jobs.runs, recovered: jobs.recovered, failures: jobs.failures },
        afterExpiry: afterExpiry.map((r) => ({ ...r })),
        finalRounds: rounds,
        reopened,
        errors,
        phase1Ms: Math.round(phase1Ms),
        callbackP95ByPhase: Object.fromEntries(
          Object.entries(byPhase).map(([k, v]) => [
            k,
            { n: v.length, p50: percentile(v, 50), p95: percentile(v, 95) },
          ]),
        ),
        runMs: Math.round(runMs),
        outcomes: audit.outcomes,
        orderStatuses: audit.orderStatuses,
        flags: audit.flags,
      };
      ctx.note(`money-chaos: ${JSON.stringify(facts)}`);
      if (audit.lost.length)
        ctx.note(
          `money-chaos: lost ${audit.lost.length}: ${JSON.stringify(audit.lostByCause)}; first: ${JSON.stringify(audit.lost.slice(0, 5))}`,
        );
      if (audit.doubleCounted.length)
        ctx.note(`money-chaos: double-counted: ${JSON.stringify(audit.doubleCounted.slice(0, 10))}`);
      const money = (n: number) => n.toLocaleString("en-US");
      return [
        row(
          `money chaos: lost payments (of ${audit.confirmed} provider-confirmed)`,
          audit.lost.length,
          "",
          {
            op: "<=",
            value: 0,
            unit: "",
          },
          { lostByCause: audit.lostByCause },
        ),
        row(
          "money chaos: double-counted (paid twice unflagged, phantom, enrolment counts, VND balance)",
          audit.doubleCounted.length,
          "",
          { op: "<=", value: 0, unit: "" },
          {
            confirmedVnd: money(audit.sums.confirmed),
            confirmedRecordedVnd: money(audit.sums.confirmedRecorded),
            paidOrdersVnd: money(audit.sums.paidOrders),
            flaggedExtrasVnd: money(audit.sums.flaggedExtras),
          },
        ),
        row(
          `money chaos: callback p95 (${latencies.length} over HTTP, 2 instances)`,
          callbackP95,
          "ms",
          { op: "<", value: 50, unit: "ms" },
          {
            p50: percentile(latencies, 50),
            max: Math.max(...latencies),
            acceptedN: acceptedLatencies.length,
            acceptedP95: acceptedLatencies.length ? percentile(acceptedLatencies, 95) : null,
          },
        ),
        row(
          `money chaos: payment-tab saves accepted (of ${SAVES}, same methods, while buyers pay)`,
          saveResults.filter((r) => r === "ok").length,
          "",
          { op: ">=", value: SAVES, unit: "" },
          { answers: saveResults },
        ),
        row(
          "money chaos: calls that threw during the run (checkout, order jobs, saves)",
          Object.values(errors).reduce((sum, n) => sum + n, 0),
          "",
          null,
          { errors },
        ),
        row(`money chaos: ${ORDERS} orders, run time (setup excluded)`, runMs / 1000, "s", null),
      ];
    } finally {
      agent.destroy();
      await handle?.close().catch(() => undefined);
      for (const inst of instances) await inst.close().catch(() => undefined);
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
      await admin.end();
    }

    async function startInstance(k: number): Promise<Instance> {
      const worker = new Worker(new URL("../lib/chaos-instance.mjs", import.meta.url), {
        workerData: {
          env: {
            NODE_ENV: "test",
            APP_URL: ORIGIN,
            DATA_DIR: path.join(dataDir, `instance-${k}`),
            DATABASE_URL: url.toString(),
            LOG_LEVEL: process.env.BENCH_CHAOS_LOG ?? "silent",
            AUTH_RATE_LIMIT_MAX: "100000",
            MOMO_BASE_URL: fake.url,
            ZALOPAY_BASE_URL: fake.url,
            STRIPE_BASE_URL: fake.url,
            ...shared,
          },
        },
      });
      const { ready, call } = workerRpc(worker, `instance ${k}`);
      const port = await ready;
      return {
        port,
        async request(pathname, init = {}) {
          const r = await call<{ status: number; text: string; cookies: string[] }>(
            "request",
            pathname,
            init,
          );
          return { ...r, ok: r.status >= 200 && r.status < 300 };
        },
        openOrder: (buyer, c) => call("openOrder", buyer, c),
        chooseMethod: (buyer, reference, method) => call("chooseMethod", buyer, reference, method),
        runOrderJobs: (opts) => call("runOrderJobs", opts),
        async close() {
          await call("close").catch(() => undefined);
          await worker.terminate();
        },
      };
    }
  },
};

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `tasks` with at most `concurrency` at once; `check` before each (throws to stop). */
async function pool(tasks: (() => Promise<void>)[], concurrency: number, check: () => void) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++];
        check();
        await task();
      }
    }),
  );
}

/** Starts task i at i / rate seconds (open loop: a slow answer does not delay the next); waits for all. */
async function paced(tasks: (() => Promise<void>)[], rate: number, check: () => void) {
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (const [i, task] of tasks.entries()) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    check();
    running.push(task());
  }
  await Promise.all(running);
}

function sqlList(values: string[]) {
  return sql`(${sql.join(
    (values.length ? values : [""]).map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

async function methodIdOf(db: Db, pageId: string, type: string): Promise<string> {
  const result = (await db.execute(
    sql`select id from payment_methods where landing_page_id = ${pageId} and method_type = ${type}`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows[0].id;
}

/** POSTs a callback body to 127.0.0.1:port over a keep-alive agent. @returns the status (0: network error). */
function httpPost(
  agent: http.Agent,
  port: number,
  pathname: string,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

type FakeProvidersT = Awaited<ReturnType<typeof startFakeProviders>>;

interface ConfirmedPayment {
  provider: Provider;
  /** The fake's key of the page: MoMo orderId, ZaloPay app_trans_id, Stripe session id. */
  pageId: string;
  providerOrderId: string;
  transactionId: string;
  amount: number;
}

/**
 * The money audit. Provider-confirmed = every paid page / session in the fakes. Lost: a confirmed
 * payment that is not on a paid attempt (its own attempt, same transaction) of an order that is
 * paid or flagged. Double-counted: an order with two paid attempts not flagged paid_twice, a paid
 * attempt or paid order whose transaction the provider never confirmed, one transaction on two
 * attempts or two orders, a student with two unflagged paid orders or two receipts, the course's
 * enrollment_count off the students with a paid order or the completed enrolments, and the
 * balance Σ paid orders + Σ flagged extra payments ≠ Σ confirmed payments that were recorded.
 */
async function auditBooks(
  db: Db,
  fake: FakeProvidersT,
  courseId: string,
  pageStatuses: Map<string, number[]>,
) {
  const confirmed: ConfirmedPayment[] = [];
  for (const [id, o] of fake.momoOrders)
    if (o.paid)
      confirmed.push({
        provider: "momo",
        pageId: id,
        providerOrderId: id,
        transactionId: String(o.transId),
        amount: o.amount,
      });
  for (const [id, o] of fake.zaloOrders)
    if (o.paid)
      confirmed.push({
        provider: "zalopay",
        pageId: id,
        providerOrderId: id,
        transactionId: String(o.zp_trans_id),
        amount: o.amount,
      });
  for (const s of fake.stripeSessions.values())
    if (s.payment_status === "paid")
      confirmed.push({
        provider: "stripe",
        pageId: s.id,
        providerOrderId: s.metadata.attempt,
        transactionId: s.payment_intent ?? s.id,
        amount: s.amount_total,
      });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const attempts = await rows<{
    provider: Provider;
    provider_order_id: string;
    status: string;
    provider_transaction_id: string | null;
    paid_amount: number | null;
    payment_method_id: string | null;
    order_id: string;
    order_status: string;
    flag_kind: string | null;
    order_provider: string | null;
    order_txn: string | null;
  }>(sql`
    select pa.provider, pa.provider_order_id, pa.status, pa.provider_transaction_id, pa.paid_amount,
      pa.payment_method_id, o.id as order_id, o.status as order_status, o.flag_kind,
      o.provider as order_provider, o.provider_transaction_id as order_txn
    from payment_attempts pa join orders o on o.id = pa.order_id where o.course_id = ${courseId}`);
  const byProviderId = new Map(attempts.map((x) => [`${x.provider} ${x.provider_order_id}`, x]));
  const txnKey = (provider: string, txn: string | null) => `${provider} ${txn}`;
  const confirmedTxns = new Map(confirmed.map((c) => [txnKey(c.provider, c.transactionId), c]));

  const lost: { provider: Provider; id: string; why: string; callbacks: number[] }[] = [];
  const lostByCause: Record<string, number> = {};
  let confirmedRecorded = 0;
  for (const c of confirmed) {
    const x = byProviderId.get(`${c.provider} ${c.providerOrderId}`);
    let why: string | null = null;
    const callbacks = pageStatuses.get(c.pageId) ?? [];
    const answered = callbacks.length
      ? `callback answered ${[...new Set(callbacks)].join("/")}`
      : "no callback";
    if (!x) why = "no attempt";
    else if (x.status !== "paid" || x.provider_transaction_id !== c.transactionId)
      why = `attempt ${x.status}, ${
        x.payment_method_id === null
          ? "its method row deleted by a payment-tab save (no keys to ask the provider)"
          : "its method row still there"
      }, ${answered}`;
    else if (x.order_status !== "paid" && !x.flag_kind) why = `order ${x.order_status}, not flagged`;
    if (why) {
      lost.push({ provider: c.provider, id: c.providerOrderId, why, callbacks });
      const cause = `${c.provider}: ${why}`;
      lostByCause[cause] = (lostByCause[cause] ?? 0) + 1;
    } else confirmedRecorded += c.amount;
  }

  const doubleCounted: string[] = [];
  const paidAttempts = attempts.filter((x) => x.status === "paid");
  const perOrder = new Map<string, typeof paidAttempts>();
  for (const x of paidAttempts) perOrder.set(x.order_id, [...(perOrder.get(x.order_id) ?? []), x]);
  for (const [orderId, xs] of perOrder)
    if (xs.length > 1 && xs[0].flag_kind !== "paid_twice")
      doubleCounted.push(`order ${orderId}: ${xs.length} paid attempts, flag ${xs[0].flag_kind}`);
  const seenTxn = new Map<string, number>();
  for (const x of paidAttempts) {
    const key = txnKey(x.provider, x.provider_transaction_id);
    if (!confirmedTxns.has(key))
      doubleCounted.push(`paid attempt ${x.provider_order_id}: ${key} not confirmed`);
    seenTxn.set(key, (seenTxn.get(key) ?? 0) + 1);
  }
  for (const [key, n] of seenTxn) if (n > 1) doubleCounted.push(`${key} on ${n} attempts`);

  const paidOrders = await rows<{
    id: string;
    reference: string;
    student_id: string | null;
    amount: number;
    provider: string | null;
    provider_transaction_id: string | null;
    flag_kind: string | null;
  }>(sql`
    select id, reference, student_id, amount, provider, provider_transaction_id, flag_kind
    from orders where course_id = ${courseId} and status = 'paid'`);
  let paidOrdersSum = 0;
  const orderTxns = new Map<string, number>();
  const unflaggedPerStudent = new Map<string, number>();
  for (const o of paidOrders) {
    paidOrdersSum += o.amount;
    const key = txnKey(o.provider ?? "", o.provider_transaction_id);
    if (!confirmedTxns.has(key)) doubleCounted.push(`paid order ${o.reference}: ${key} not confirmed`);
    orderTxns.set(key, (orderTxns.get(key) ?? 0) + 1);
    if (o.student_id && o.flag_kind !== "paid_twice")
      unflaggedPerStudent.set(o.student_id, (unflaggedPerStudent.get(o.student_id) ?? 0) + 1);
  }
  for (const [key, n] of orderTxns) if (n > 1) doubleCounted.push(`${key} is the payment of ${n} orders`);
  for (const [student, n] of unflaggedPerStudent)
    if (n > 1) doubleCounted.push(`student ${student}: ${n} paid orders without paid_twice`);
  // Flagged extras: paid attempts (of orders paid or flagged) whose transaction is not their order's own.
  let flaggedExtras = 0;
  for (const x of paidAttempts)
    if (
      (x.order_status === "paid" || x.flag_kind) &&
      !(
        x.order_status === "paid" &&
        x.order_provider === x.provider &&
        x.order_txn === x.provider_transaction_id
      )
    )
      flaggedExtras += x.paid_amount ?? 0;
  if (paidOrdersSum + flaggedExtras !== confirmedRecorded)
    doubleCounted.push(
      `balance: paid orders ${paidOrdersSum} + flagged extras ${flaggedExtras} ≠ recorded confirmed ${confirmedRecorded}`,
    );

  const [counts] = await rows<Record<string, string | number>>(sql`
    select
      (select enrollment_count from courses where id = ${courseId}) as enrollment_count,
      (select count(*) from enrollments where course_id = ${courseId} and payment_status = 'completed') as completed,
      (select count(distinct student_id) from orders where course_id = ${courseId} and status = 'paid') as students_paid,
      (select count(*) from (select to_address from email_outbox where template = 'order-receipt'
        group by to_address having count(*) > 1) t) as students_two_receipts`);
  const c = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)]));
  if (c.enrollment_count !== c.students_paid)
    doubleCounted.push(
      `enrollment_count ${c.enrollment_count} ≠ students with a paid order ${c.students_paid}`,
    );
  if (c.enrollment_count !== c.completed)
    doubleCounted.push(`enrollment_count ${c.enrollment_count} ≠ completed enrolments ${c.completed}`);
  if (c.students_two_receipts > 0)
    doubleCounted.push(`${c.students_two_receipts} students with two receipts`);

  const outcomes = Object.fromEntries(
    (
      await rows<{ key: string; n: number }>(sql`
        select provider || ' ' || outcome as key, count(*)::int as n from payment_events group by 1 order by 1`)
    ).map((r) => [r.key, r.n]),
  );
  const orderStatuses = Object.fromEntries(
    (
      await rows<{ status: string; n: number }>(sql`
        select status, count(*)::int as n from orders where course_id = ${courseId} group by 1 order by 1`)
    ).map((r) => [r.status, r.n]),
  );
  const flags = Object.fromEntries(
    (
      await rows<{ flag_kind: string; n: number }>(sql`
        select flag_kind, count(*)::int as n from orders where course_id = ${courseId} and flag_kind is not null group by 1`)
    ).map((r) => [r.flag_kind, r.n]),
  );
  return {
    confirmed: confirmed.length,
    lost,
    lostByCause,
    doubleCounted,
    sums: {
      confirmed: confirmed.reduce((s, x) => s + x.amount, 0),
      confirmedRecorded,
      paidOrders: paidOrdersSum,
      flaggedExtras,
    },
    counts: c,
    outcomes,
    orderStatuses,
    flags,
  };
}
