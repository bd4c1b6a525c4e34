import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";

/**
 * Issue 28 §5: Drizzle's date parsers are the engine's own (withDrizzleParsers), so PGlite reads
 * every value as it did with Drizzle's per-query parsers, without copying its parser table per query.
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
  '{"a": [1, "x"]}'::jsonb as j, 'Tiếng Việt' as t, 12345678901234::bigint as big`;

describe("PGlite behind Drizzle (db/client.ts)", () => {
  it("reads every type as with Drizzle's per-query parsers and hands PGlite none of them", async () => {
    // One engine (each costs seconds to start): first read as Drizzle's own driver would.
    const engine = new PGlite("memory://");
    const expected = (await engine.query(SELECT, [], { rowMode: "object", parsers: PER_QUERY })).rows[0];
    expect(expected).toMatchObject({
      tz: "2026-11-29 03:00:00.123456+00",
      d: "2026-11-29",
      i: "1 day 02:03:04",
    });
    const seen: unknown[] = [];
    const query = engine.query.bind(engine);
    engine.query = ((text: string, params?: unknown[], options?: Record<string, unknown>) => {
      seen.push(options);
      return query(text, params, options);
    }) as typeof engine.query;
    const handle = await openDatabase({ pglite: engine });
    try {
      const direct = (await handle.db.execute(sql.raw(SELECT))) as unknown as { rows: unknown[] };
      expect(direct.rows[0]).toEqual(expected);
      const inTx = await handle.db.transaction(
        async (tx) => ((await tx.execute(sql.raw(SELECT))) as unknown as { rows: unknown[] }).rows[0],
      );
      expect(inTx).toEqual(expected);
      // The parser table is no longer copied per query: no query brings its own parsers.
      expect(seen.length).toBeGreaterThan(0);
      for (const options of seen) expect(options ?? {}).not.toHaveProperty("parsers");
    } finally {
      await handle.close();
    }
  }, 30_000);
});
