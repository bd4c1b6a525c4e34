import { types } from "@electric-sql/pglite";

const keepText = (value: string) => value;

/**
 * The parsers Drizzle's PGlite driver passes with every query, made a PGlite instance's own
 * (issue 28 §5): dates, times and intervals (and their arrays, and numeric[]) stay the text
 * PostgreSQL sends, as node-postgres gives them. Shape: type OID → parser of the text value.
 */
export const DRIZZLE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};
