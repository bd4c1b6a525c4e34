/** A threshold a row's `value` is compared against. */
export interface Target {
  op: "<" | "<=" | ">" | ">=";
  value: number;
  unit: string;
}

/** One side of a comparison (shown in the "academy" / "bare node:http" columns). */
export interface Measure {
  value: number;
  unit: string;
}

export interface RowExtra {
  academy?: Measure;
  bare?: Measure;
  [key: string]: unknown;
}

/**
 * One line of the report. `pass` is true/false when the row has a target and null when it is
 * informational only (no target).
 */
export interface Row {
  name: string;
  value: number;
  unit: string;
  target: Target | null;
  pass: boolean | null;
  extra: RowExtra;
}

/** What every benchmark gets: the repository, a scratch directory and a prepared data directory. */
export interface BenchContext {
  /** Absolute path of the repository root. */
  root: string;
  /** Scratch directory for this run (removed at the end). */
  tempDir: string;
  /** An Academy DATA_DIR that has been initialised (migrated) by one earlier start. */
  dataDir: string;
  /** Progress output (goes to stderr so stdout keeps the table). */
  log(message: string): void;
  /** Remarks that end up in the JSON and under the table. */
  note(message: string): void;
}

export interface Benchmark {
  /** Stable identifier used in the JSON results. */
  id: string;
  title: string;
  run(ctx: BenchContext): Promise<Row[]>;
}

export function meetsTarget(value: number, target: Target | null): boolean | null {
  if (!target) return null;
  if (!Number.isFinite(value)) return false;
  switch (target.op) {
    case "<":
      return value < target.value;
    case "<=":
      return value <= target.value;
    case ">":
      return value > target.value;
    case ">=":
      return value >= target.value;
  }
}

/** Builds a row and computes its `pass` flag from the target. */
export function row(
  name: string,
  value: number,
  unit: string,
  target: Target | null,
  extra: RowExtra = {},
): Row {
  return { name, value, unit, target, pass: meetsTarget(value, target), extra };
}
