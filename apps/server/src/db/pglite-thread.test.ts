import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { openPgliteThread, type PgliteEngine } from "./pglite-thread.ts";

/**
 * Issue 28 §5, decision 0243: the PGlite engine in a worker thread of its own. What the app sees
 * through it — rows, errors, transactions, notifications, dumps — must be what the same engine
 * gives in-thread (`client.test.ts` pins that one against PGlite's own query).
 */
const SELECT = `select timestamptz '2026-11-29 10:00:00.123456+07' as tz, date '2026-11-29' as d,
  interval '1 day 02:03:04' as i, array[1.5, 2.25]::numeric[] as na, 42::int as n, true as b,
  '{"a": [1, "x"]}'::jsonb as j, 'Tiếng Việt' as t, 12345678901234::bigint as big,
  '\\x00ff10'::bytea as bytes, 12.50::numeric as num, null::text as nothing`;

type Rows = { rows: Record<string, unknown>[] };
const rows = async (promise: Promise<unknown>) => ((await promise) as Rows).rows;

describe("PGlite in its own thread (db/pglite-thread.ts)", () => {
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  let inThread: Awaited<ReturnType<typeof openDatabase>>;
  let engine: PgliteEngine;

  beforeAll(async () => {
    [handle, inThread] = await Promise.all([
      openDatabase({ pgliteDir: "memory://" }),
      openDatabase({ pglite: new PGlite("memory://") }),
    ]);
    engine = handle.pglite as PgliteEngine;
    for (const h of [handle, inThread])
      await h.db.execute(sql`create table item (id int primary key, name text not null)`);
  }, 30_000);
  afterAll(async () => {
    await handle.close();
    await inThread.close();
  });

  it("is a thread's client, not an in-thread engine, and reads every type as the in-thread engine does", async () => {
    expect(engine).not.toBeInstanceOf(PGlite);
    const expected = (await rows(inThread.db.execute(sql.raw(SELECT))))[0];
    const got = (await rows(handle.db.execute(sql.raw(SELECT))))[0];
    expect(got).toEqual(expected);
    expect(got).toMatchObject({
      tz: "2026-11-29 03:00:00.123456+00",
      d: "2026-11-29",
      num: "12.50",
      nothing: null,
    });
    expect(got.bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(got.bytes as Uint8Array)).toEqual([0, 255, 16]);
    // Parameters cross the thread too (Drizzle's array row mode included).
    const [row] = await handle.db
      .execute<{ t: string; n: number }>(sql`select ${"Tiếng Việt"}::text as t, ${41}::int + 1 as n`)
      .then((r) => (r as unknown as Rows).rows);
    expect(row).toEqual({ t: "Tiếng Việt", n: 42 });
  });

  it("commits a transaction's writes together and rolls all of them back when the callback throws", async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into item values (1, 'one')`);
      await tx.execute(sql`insert into item values (2, 'two')`);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into item values (3, 'three')`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // A failed statement keeps PostgreSQL's fields (the app tells a duplicate by code 23505).
    const duplicate = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into item values (4, 'four')`);
        await tx.execute(sql`insert into item values (1, 'again')`);
      })
      .catch((error: unknown) => error);
    const cause = (duplicate as { cause?: unknown }).cause ?? duplicate;
    expect(cause).toMatchObject({ code: "23505", constraint: "item_pkey", table: "item" });
    expect(String((cause as Error).message)).toMatch(/duplicate key/);
    const ids = await rows(handle.db.execute(sql`select id from item order by id`));
    expect(ids.map((r) => r.id)).toEqual([1, 2]);
  });

  it("rolls back only a nested transaction's savepoint", async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into item values (10, 'outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into item values (11, 'inner')`);
          throw new Error("inner fails");
        })
        .catch(() => undefined);
    });
    const ids = await rows(handle.db.execute(sql`select id from item where id >= 10 order by id`));
    expect(ids.map((r) => r.id)).toEqual([10]);
  });

  it("makes a query sent during a transaction wait for it, as one connection does", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into item values (20, 'pending')`);
      inside();
      await held;
      await tx.execute(sql`update item set name = 'committed' where id = 20`);
    });
    await begun;
    let outsideDone = false;
    const outside = rows(handle.db.execute(sql`select name from item where id = 20`)).then((r) => {
      outsideDone = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    release();
    await transaction;
    expect(await outside).toEqual([{ name: "committed" }]);
  });

  it("forwards notifications from the engine's thread, a transaction's at its commit only", async () => {
    const heard: string[] = [];
    const stop = await engine.listen("thread_test", (payload) => heard.push(payload));
    await engine.query("select pg_notify('thread_test', 'outside')");
    await expect.poll(() => heard).toEqual(["outside"]);
    await engine.transaction(async (tx) => {
      await tx.query("select pg_notify('thread_test', 'inside')");
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(heard).toEqual(["outside"]);
    });
    await expect.poll(() => heard).toEqual(["outside", "inside"]);
    await engine
      .transaction(async (tx) => {
        await tx.query("select pg_notify('thread_test', 'rolled back')");
        throw new Error("no");
      })
      .catch(() => undefined);
    await stop();
    await engine.query("select pg_notify('thread_test', 'after stop')");
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(heard).toEqual(["outside", "inside"]);
  });

  it("dumps a data directory that PGlite loads", async () => {
    const dump = await engine.dumpDataDir("gzip");
    const copy = await PGlite.create({ loadDataDir: dump });
    try {
      const names = await copy.query<{ name: string }>("select name from item order by id");
      expect(names.rows.map((r) => r.name)).toEqual(["one", "two", "outer", "committed"]);
    } finally {
      await copy.close();
    }
  });

  it("refuses every call once closed, with the engine's words", async () => {
    await handle.close();
    expect(engine.closed).toBe(true);
    await expect(engine.query("select 1")).rejects.toThrow("PGlite is closed");
    // Drizzle wraps it ("Failed query: …") with the engine's error as the cause.
    const viaDrizzle = await handle.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect((viaDrizzle as { cause?: Error }).cause?.message).toBe("PGlite is closed");
    await expect(engine.transaction(async () => 1)).rejects.toThrow("PGlite is closed");
    await handle.close(); // twice is harmless
  });

  it("rejects the open when the engine cannot open its directory", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "academy-thread-"));
    const notADirectory = path.join(dir, "file");
    writeFileSync(notADirectory, "not a database");
    try {
      await expect(openPgliteThread({ dataDir: notADirectory })).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
