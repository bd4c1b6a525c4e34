import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { PLAN_PER_RUN, STATEMENT_CACHE_SIZE } from "./pglite-statements.ts";

/**
 * Issue 28 §5: Drizzle's date parsers are the engine's own (withDrizzleParsers), and every query
 * Drizzle sends runs as a named prepared statement (pglite-statements.ts, decision 0242). Results,
 * errors, transactions and notifications must be exactly what PGlite's own `query` gives.
 */
const keep = (value: string) => value;
const PER_QUERY = {
  [types.TIMESTAMP]: keep,
  [types.TIMESTAMPTZ]: keep,
  [types.INTERVAL]: keep,
  [types.DATE]: keep,
  1231: keep,
  1115: keep,
  1185: keep,
  1187: keep,
  1182: keep,
};
const SELECT = `select timestamptz '2026-11-29 10:00:00.123456+07' as tz, timestamp '2026-11-29 10:00:00' as ts,
  date '2026-11-29' as d, interval '1 day 02:03:04' as i, array[timestamptz '2026-01-01 00:00+00'] as tza,
  array[1.5, 2.25]::numeric[] as na, array[date '2026-01-02'] as da, 42::int as n, true as b,
  '{"a": [1, "x"]}'::jsonb as j, 'Tiếng Việt' as t, 12345678901234::bigint as big, null::text as nothing`;
const PARAMS = `select $1::text as t, $2::int as n, $3::jsonb as j, $4::uuid as u, $5::text as nothing,
  $6::timestamptz as at, $7::text[] as arr, $8::boolean as b, $9::numeric as num`;
const PARAM_VALUES = [
  "Tiếng Việt",
  42,
  JSON.stringify({ a: [1, "x"] }),
  "0b7f3c9e-2a4d-4c1e-9f00-1234567890ab",
  null,
  "2026-11-29T03:00:00.123Z",
  '{a,"b,c"}',
  false,
  "12.50",
];

type Rows = { rows: Record<string, unknown>[] };
const rows = async (promise: Promise<unknown>) => ((await promise) as Rows).rows;

describe("PGlite behind Drizzle (db/client.ts)", () => {
  let engine: PGlite;
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  const prepared = async () =>
    (
      await engine.query<{ name: string; statement: string }>(
        "select name, statement from pg_prepared_statements",
      )
    ).rows;

  beforeAll(async () => {
    engine = new PGlite("memory://");
    handle = await openDatabase({ pglite: engine });
  }, 30_000);
  afterAll(() => handle.close());

  it("reads every type and parameter as PGlite's own query with Drizzle's parsers does", async () => {
    const expected = (await engine.query(SELECT, [], { rowMode: "object", parsers: PER_QUERY })).rows[0];
    expect(expected).toMatchObject({
      tz: "2026-11-29 03:00:00.123456+00",
      d: "2026-11-29",
      i: "1 day 02:03:04",
    });
    expect((await rows(handle.db.execute(sql.raw(SELECT))))[0]).toEqual(expected);
    const inTx = await handle.db.transaction(async (tx) => (await rows(tx.execute(sql.raw(SELECT))))[0]);
    expect(inTx).toEqual(expected);

    const own = (await engine.query(PARAMS, PARAM_VALUES, { parsers: PER_QUERY })).rows[0];
    const [t, n, j, u, nothing, at, arr, b, num] = PARAM_VALUES;
    const viaDrizzle = await rows(
      handle.db.execute(sql`select ${t}::text as t, ${n}::int as n, ${j}::jsonb as j, ${u}::uuid as u,
        ${nothing}::text as nothing, ${at}::timestamptz as at, ${arr}::text[] as arr, ${b}::boolean as b,
        ${num}::numeric as num`),
    );
    expect(viaDrizzle[0]).toEqual(own);
    expect(own).toMatchObject({
      t: "Tiếng Việt",
      n: 42,
      j: { a: [1, "x"] },
      arr: ["a", "b,c"],
      b: false,
      num: "12.50",
    });
  });

  it("parses a statement once and runs it again by name, inside and outside transactions", async () => {
    const text = "select count(*)::int as n from generate_series(1, 10) g where g > $1";
    const before = (await prepared()).filter((p) => p.statement === text).length;
    expect(before).toBe(0);
    for (let i = 0; i < 5; i++) {
      const [row] = await rows(handle.db.execute(sql.raw(text.replace("$1", String(0)))));
      expect(row.n).toBe(10);
    }
    const q = (k: number) => sql`select count(*)::int as n from generate_series(1, 10) g where g > ${k}`;
    expect((await rows(handle.db.execute(q(3))))[0].n).toBe(7);
    expect((await rows(handle.db.execute(q(8))))[0].n).toBe(2);
    expect(await handle.db.transaction(async (tx) => (await rows(tx.execute(q(9))))[0].n)).toBe(1);
    // One named statement per text, however often and wherever it ran.
    expect((await prepared()).filter((p) => p.statement === text)).toHaveLength(1);
    expect((await prepared()).filter((p) => p.statement === text.replace("$1", "0"))).toHaveLength(1);
  });

  it("plans a PLAN_PER_RUN statement for its values every run, never preparing it", async () => {
    const count = (k: number) =>
      sql`${sql.raw(PLAN_PER_RUN)} select count(*)::int as n from generate_series(1, 100) g where g >= ${k}`;
    for (const k of [1, 50, 100, 101])
      expect((await rows(handle.db.execute(count(k))))[0].n).toBe(Math.max(0, 101 - k));
    // The same text without the marker is prepared; with it, never.
    await handle.db.execute(sql`select count(*)::int as n from generate_series(1, 100) g where g >= ${1}`);
    const statements = (await prepared()).filter((p) => p.statement.includes("generate_series(1, 100)"));
    expect(statements).toHaveLength(1);
    expect(statements[0].statement.startsWith(PLAN_PER_RUN)).toBe(false);
  });

  it("keeps at most STATEMENT_CACHE_SIZE statements, closing the least recently used", async () => {
    const first = "select 'first' as v";
    await handle.db.execute(sql.raw(first));
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 5; i++) await handle.db.execute(sql.raw(`select ${i} as v`));
    await handle.db.execute(sql.raw("select 'last' as v"));
    const names = await prepared();
    expect(names.length).toBeLessThanOrEqual(STATEMENT_CACHE_SIZE);
    expect(names.some((p) => p.statement === first)).toBe(false);
    expect(names.some((p) => p.statement === "select 'last' as v")).toBe(true);
    expect((await rows(handle.db.execute(sql.raw(first))))[0].v).toBe("first");
  });

  it("survives a table whose columns change under a prepared statement", async () => {
    await engine.exec("create table shape (a int); insert into shape values (1)");
    expect(await rows(handle.db.execute(sql.raw("select * from shape")))).toEqual([{ a: 1 }]);
    await engine.exec("alter table shape add column b text default 'x'");
    expect(await rows(handle.db.execute(sql.raw("select * from shape")))).toEqual([{ a: 1, b: "x" }]);
  });

  it("throws the engine's error with its code and the query, and keeps working", async () => {
    await engine.exec("create table uniq (k int primary key)");
    await handle.db.execute(sql`insert into uniq values (${1})`);
    const error = await handle.db.execute(sql`insert into uniq values (${1})`).then(
      () => undefined,
      (e: unknown) => e as { cause?: { code?: string; query?: string } },
    );
    expect(error?.cause?.code).toBe("23505");
    expect(error?.cause?.query).toContain("insert into uniq");
    const bad = await handle.db.execute(sql`select ${"not a uuid"}::uuid`).then(
      () => undefined,
      (e: unknown) => e as { cause?: { code?: string } },
    );
    expect(bad?.cause?.code).toBe("22P02");
    // A failed transaction rolls back what it wrote; the connection is usable afterwards.
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into uniq values (${2})`);
        await tx.execute(sql`insert into uniq values (${1})`);
      }),
    ).rejects.toThrow();
    expect(await rows(handle.db.execute(sql`select k from uniq order by k`))).toEqual([{ k: 1 }]);
  });

  it("makes a query outside a transaction wait for it, and delivers NOTIFY", async () => {
    await engine.exec("create table queue (k int)");
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writer = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into queue values (${1})`);
      await gate;
      await tx.execute(sql`insert into queue values (${2})`);
    });
    const reader = rows(handle.db.execute(sql`select count(*)::int as n from queue`));
    release();
    await writer;
    expect((await reader)[0].n).toBe(2);

    const heard: string[] = [];
    await engine.listen("academy_test_channel", (payload) => heard.push(payload));
    await handle.db.execute(sql`select pg_notify('academy_test_channel', ${"hello"})`);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('academy_test_channel', ${"at commit"})`);
      expect(heard).toEqual(["hello"]);
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual(["hello", "at commit"]);
  });
});
