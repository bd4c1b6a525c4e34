import { BANK_NOT_IN_LIST, PAYMENT_MESSAGES, STRIPE_KEYS_MODE_MESSAGE } from "@academy/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollments, orders } from "../src/db/schema/index.ts";
import { MALFORMED_JSON } from "../src/features/enrolments/enrolments.routes.ts";
import { momoBase, zaloPayBase } from "../src/features/payments/methods.service.ts";
import type { MethodRow } from "../src/features/payments/payments.queries.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { sellCourse } from "./support/sell.ts";

/**
 * Issue 11, what was left: the NAPAS bank list (§7), the publish warning for a paid course nobody
 * can pay for (§2), sandbox / production per online method (§3), the orders course filter (§5),
 * and Enroll Now refusing a malformed body.
 */

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;

let ctx: TestContext;
let cara: Account;
let other: Account;

async function call(who: Account | null, method: string, path: string, json?: unknown) {
  return ctx.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });
}

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

async function storedMethods(pageId: string) {
  const result = (await ctx.runtime.db.execute(
    sql`select id, method_type, configuration from payment_methods where landing_page_id = ${pageId}`,
  )) as unknown as { rows: { id: string; method_type: string; configuration: Record<string, string> }[] };
  return result.rows;
}

const vietqr = (bankCode: string) => ({
  methodType: "vietqr",
  isEnabled: true,
  configuration: { bankCode, accountNumber: "0123456789", accountHolder: "NGUYEN CARA" },
});

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Cara Creator" });
  other = await signUpAndSignIn(ctx, { name: "Other Creator" });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("NAPAS banks for VietQR (issue 11 §7)", () => {
  it("takes any bank of the list by code or BIN, refuses others, and the checkout QR carries its BIN", async () => {
    const courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("BIDV course", { price: 150000 }));
    const pageId = await sellCourse(ctx, cara.cookie, courseId, [vietqr("BIDV")]);
    expect((await storedMethods(pageId))[0].configuration.bankCode).toBe("BIDV");

    const put = (methods: unknown[]) =>
      call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, { methods });
    const unknown = await put([vietqr("NOTABANK")]);
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe(BANK_NOT_IN_LIST);
    expect((await put([vietqr("970499")])).status).toBe(400); // 6 digits but no member bank
    // Nothing partial written: still BIDV.
    expect((await storedMethods(pageId))[0].configuration.bankCode).toBe("BIDV");

    // A BIN is stored as the bank's code; the spec's "VTB" is VietinBank (VietQR code ICB).
    expect((await put([vietqr("970432")])).status).toBe(200);
    expect((await storedMethods(pageId))[0].configuration.bankCode).toBe("VPB");
    expect((await put([vietqr("VTB")])).status).toBe(200);
    expect((await storedMethods(pageId))[0].configuration.bankCode).toBe("ICB");

    // The buyer's checkout names the bank and carries its BIN (BIDV: 970418).
    expect((await put([vietqr("bidv")])).status).toBe(200);
    const student = await signUpAndSignIn(ctx);
    const enrolled = await call(student, "POST", `/api/courses/${courseId}/enroll`, {});
    const { orderReference } = (await enrolled.json()) as { orderReference: string };
    const view = (await (await call(student, "GET", `/api/checkout/${orderReference}`)).json()) as {
      methods: { type: string; bankName?: string; bankBin?: string }[];
    };
    expect(view.methods[0]).toMatchObject({ type: "vietqr", bankName: "BIDV", bankBin: "970418" });
  });

  it("keeps a configuration stored before the list (bankCode VTB) working", async () => {
    const courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Legacy bank", { price: 90000 }));
    const pageId = await sellCourse(ctx, cara.cookie, courseId, [vietqr("VCB")]);
    await ctx.runtime.db.execute(
      sql`update payment_methods set configuration = jsonb_set(configuration, '{bankCode}', '"VTB"')
          where landing_page_id = ${pageId}`,
    );
    const student = await signUpAndSignIn(ctx);
    const enrolled = await call(student, "POST", `/api/courses/${courseId}/enroll`, {});
    const { orderReference } = (await enrolled.json()) as { orderReference: string };
    const view = (await (await call(student, "GET", `/api/checkout/${orderReference}`)).json()) as {
      methods: { type: string; bankName?: string; bankBin?: string }[];
    };
    expect(view.methods[0]).toMatchObject({ type: "vietqr", bankName: "VietinBank", bankBin: "970415" });
    // The builder reads it back as stored; saving it again keeps working.
    const listed = (await (
      await call(cara, "GET", `/api/landing-pages/${pageId}/payment-methods`)
    ).json()) as {
      methods: { configuration: Record<string, string> }[];
    };
    expect(listed.methods[0].configuration.bankCode).toBe("VTB");
    const resaved = await call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, {
      methods: [{ ...vietqr(listed.methods[0].configuration.bankCode) }],
    });
    expect(resaved.status).toBe(200);
  });
});

describe("sandbox / production per online method (issue 11 §3)", () => {
  const row = (configuration: Record<string, string>): MethodRow => ({
    id: "00000000-0000-4000-8000-000000000000",
    method_type: "momo",
    configuration,
    secret_data: null,
    landing_page_id: "00000000-0000-4000-8000-000000000001",
  });
  const noOverride = {
    env: { appUrl: "http://localhost:3000", payments: undefined },
  } as unknown as Parameters<typeof momoBase>[0];

  it("the stored mode chooses the provider host; without a mode it is sandbox; the env override wins", () => {
    expect(momoBase(noOverride, row({ mode: "production" }))).toBe("https://payment.momo.vn");
    expect(momoBase(noOverride, row({ mode: "sandbox" }))).toBe("https://test-payment.momo.vn");
    expect(momoBase(noOverride, row({}))).toBe("https://test-payment.momo.vn");
    expect(zaloPayBase(noOverride, row({ mode: "production" }))).toBe("https://openapi.zalopay.vn");
    expect(zaloPayBase(noOverride, row({}))).toBe("https://sb-openapi.zalopay.vn");
    const overridden = {
      env: {
        appUrl: "x",
        payments: { momoBaseUrl: "http://127.0.0.1:9", zaloPayBaseUrl: "http://127.0.0.1:8" },
      },
    } as unknown as Parameters<typeof momoBase>[0];
    expect(momoBase(overridden, row({ mode: "production" }))).toBe("http://127.0.0.1:9");
    expect(zaloPayBase(overridden, row({ mode: "production" }))).toBe("http://127.0.0.1:8");
  });

  it("is stored with the method (default sandbox), validated, and card keys must match it", async () => {
    const courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Modes", { price: 120000 }));
    const pageId = await sellCourse(ctx, cara.cookie, courseId);
    const put = (methods: unknown[]) =>
      call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, { methods });
    const momo = (mode?: string) => ({
      methodType: "momo",
      isEnabled: true,
      configuration: { ...(mode ? { mode } : {}), partnerCode: "MOMO1", accessKey: "a", secretKey: "s" },
    });
    const card = (mode: string, secretKey: string) => ({
      methodType: "credit-card",
      isEnabled: true,
      configuration: {
        mode,
        provider: "stripe",
        publicKey: mode === "production" ? "pk_live_abc" : "pk_test_abc",
        secretKey,
        webhookSecret: "whsec_x",
      },
    });

    const saved = await put([
      momo("production"),
      { methodType: "zalopay", isEnabled: true, configuration: { appId: "2553", key1: "k1", key2: "k2" } },
    ]);
    expect(saved.status).toBe(200);
    const listed = (await saved.json()) as {
      methods: { methodType: string; configuration: Record<string, string> }[];
    };
    expect(listed.methods.map((m) => [m.methodType, m.configuration.mode])).toEqual([
      ["momo", "production"],
      ["zalopay", "sandbox"],
    ]);

    const bad = await put([momo("live")]);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("Mode must be sandbox or production");

    const liveInSandbox = await put([card("sandbox", "sk_live_abc")]);
    expect(liveInSandbox.status).toBe(400);
    expect((await errorOf(liveInSandbox)).message).toBe(STRIPE_KEYS_MODE_MESSAGE);
    expect((await put([card("production", "sk_test_abc")])).status).toBe(400);
    expect((await put([card("production", "sk_live_abc")])).status).toBe(200);
    expect((await storedMethods(pageId))[0].configuration.mode).toBe("production");
    // A card saved without a mode (before modes existed) keeps working: its keys decide.
    const legacyCard = (publicKey: string) => ({
      methodType: "credit-card",
      isEnabled: true,
      configuration: { provider: "stripe", publicKey },
    });
    expect((await put([legacyCard("pk_live_abc")])).status).toBe(200);
    expect((await storedMethods(pageId))[0].configuration.mode).toBe("production");
    // The stored secret (sk_live) is not re-sent; it still has to match the mode.
    const kept = await put([
      { ...legacyCard(""), configuration: { provider: "stripe", mode: "sandbox", publicKey: "pk_test_abc" } },
    ]);
    expect(kept.status).toBe(400);
    expect((await errorOf(kept)).message).toBe(STRIPE_KEYS_MODE_MESSAGE);
    expect((await storedMethods(pageId))[0].configuration.mode).toBe("production");
  });

  it("a stored card mode that contradicts its key is refused at checkout with a clear message", async () => {
    const courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Card mode", { price: 120000 }));
    const pageId = await sellCourse(ctx, cara.cookie, courseId, [
      {
        methodType: "credit-card",
        isEnabled: true,
        configuration: {
          mode: "sandbox",
          provider: "stripe",
          publicKey: "pk_test_abc",
          secretKey: "sk_test_abc",
          webhookSecret: "whsec_x",
        },
      },
    ]);
    await ctx.runtime.db.execute(
      sql`update payment_methods set configuration = jsonb_set(configuration, '{mode}', '"production"')
          where landing_page_id = ${pageId}`,
    );
    const student = await signUpAndSignIn(ctx);
    const enrolled = await call(student, "POST", `/api/courses/${courseId}/enroll`, {});
    const { orderReference } = (await enrolled.json()) as { orderReference: string };
    const chosen = await call(student, "POST", `/api/checkout/${orderReference}/method`, {
      method: "credit-card",
    });
    expect(chosen.status).toBe(503);
    expect((await errorOf(chosen)).message).toBe(PAYMENT_MESSAGES.cardKeysModeMismatch);
    const [order] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, orderReference));
    expect(order.method).toBeNull();
  });
});

describe("publishing a paid course nobody can pay for (issue 11 §2)", () => {
  it("answers paymentReady and GET payment-setup says where to set payment up", async () => {
    const publish = async (draft: ReturnType<typeof oneLessonDraft>) => {
      const response = await call(cara, "POST", "/api/courses/publish", draft);
      expect(response.status).toBe(200);
      return (await response.json()) as { courseId: string; paymentReady: boolean };
    };
    const free = await publish(oneLessonDraft("Free one", { price: 0 }));
    expect(free.paymentReady).toBe(true);

    const paid = await publish(oneLessonDraft("Paid one", { price: 250000 }));
    expect(paid.paymentReady).toBe(false);
    const setup = (id: string, who: Account = cara) => call(who, "GET", `/api/courses/${id}/payment-setup`);
    expect(await (await setup(paid.courseId)).json()).toEqual({ ready: false, landingPageId: null });
    expect((await setup(paid.courseId, other)).status).toBe(404);
    expect((await setup(paid.courseId, null as unknown as Account)).status).toBe(401);

    // A landing page that is not published, or whose methods are all off, does not sell.
    const pageId = await sellCourse(ctx, cara.cookie, paid.courseId, [
      { ...vietqr("VCB"), isEnabled: false },
    ]);
    expect(await (await setup(paid.courseId)).json()).toEqual({ ready: false, landingPageId: pageId });
    await call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, { methods: [vietqr("VCB")] });
    expect(await (await setup(paid.courseId)).json()).toEqual({ ready: true, landingPageId: pageId });

    const again = await publish({
      ...oneLessonDraft("Paid one", { price: 250000 }),
      courseId: paid.courseId,
    });
    expect(again.paymentReady).toBe(true);
  });
});

describe("orders course filter (issue 11 §5)", () => {
  it("filters the list and the CSV by one of the creator's courses, refuses others", async () => {
    const a = await publishCourse(ctx, cara.cookie, oneLessonDraft("Filter Alpha", { price: 100000 }));
    const b = await publishCourse(ctx, cara.cookie, oneLessonDraft("Filter Beta", { price: 100000 }));
    const elsewhere = await publishCourse(ctx, other.cookie, oneLessonDraft("Not Cara's", { price: 100000 }));
    await sellCourse(ctx, cara.cookie, a);
    await sellCourse(ctx, cara.cookie, b);
    const student = await signUpAndSignIn(ctx);
    const refs: Record<string, string> = {};
    for (const [name, id] of [
      ["a", a],
      ["b", b],
    ] as const) {
      const response = await call(student, "POST", `/api/courses/${id}/enroll`, {});
      refs[name] = ((await response.json()) as { orderReference: string }).orderReference;
    }

    const courses = (await (await call(cara, "GET", "/api/earnings/courses")).json()) as {
      courses: { id: string; title: string }[];
    };
    expect(courses.courses.map((c) => c.id)).toEqual(expect.arrayContaining([a, b]));
    expect(courses.courses.map((c) => c.id)).not.toContain(elsewhere);

    const list = (await (await call(cara, "GET", `/api/earnings/orders?courseId=${a}`)).json()) as {
      orders: { reference: string; courseId: string }[];
      total: number;
    };
    expect(list.orders.map((o) => o.reference)).toEqual([refs.a]);
    expect(list.total).toBe(1);

    const csv = await (await call(cara, "GET", `/api/earnings/orders.csv?courseId=${b}`)).text();
    expect(csv).toContain(refs.b);
    expect(csv).not.toContain(refs.a);

    const foreign = await call(cara, "GET", `/api/earnings/orders?courseId=${elsewhere}`);
    expect(foreign.status).toBe(400);
    expect((await errorOf(foreign)).message).toBe("Choose one of your courses.");
    expect((await call(cara, "GET", `/api/earnings/orders.csv?courseId=${elsewhere}`)).status).toBe(400);
    expect((await call(cara, "GET", "/api/earnings/orders?courseId=not-a-uuid")).status).toBe(400);
  });
});

describe("Enroll Now body", () => {
  it("refuses malformed JSON and a body of the wrong shape with a readable 400, writing nothing", async () => {
    const courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Body check", { price: 0 }));
    const student = await signUpAndSignIn(ctx);
    const post = (body: string | undefined) =>
      ctx.request(`/api/courses/${courseId}/enroll`, {
        method: "POST",
        cookie: student.cookie,
        headers: { "content-type": "application/json" },
        body,
      });
    const malformed = await post('{"landingPage": ');
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toMatchObject({ code: "VALIDATION_FAILED", message: MALFORMED_JSON });
    expect((await post('{"contact": "yes"}')).status).toBe(400);
    expect((await post("[1,2]")).status).toBe(400);
    const enrolled = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.course_id, courseId), eq(enrollments.student_id, student.userId)));
    expect(enrolled).toHaveLength(0);

    // No body, an empty body and a well-formed one still enrol.
    expect((await post(undefined)).status).toBe(200);
    expect((await post("")).status).toBe(200);
    expect((await post('{"ref":"FRIEND10"}')).status).toBe(200);
  });
});
