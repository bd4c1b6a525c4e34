import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Measure, Row, Target } from "./types.ts";

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  totalMemoryBytes: number;
  totalMemoryGiB: number;
  node: string;
  platform: string;
  release: string;
  arch: string;
  loadAverage: number[];
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    totalMemoryBytes: os.totalmem(),
    totalMemoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: os.platform(),
    release: os.release(),
    arch: os.arch(),
    loadAverage: os.loadavg(),
  };
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return "—";
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString("en-US");
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function formatValue(value: number, unit: string): string {
  if (unit === "ratio") return Number.isFinite(value) ? `${value.toFixed(2)}×` : "—";
  return `${formatNumber(value)} ${unit}`;
}

function formatMeasure(measure: Measure | undefined): string {
  return measure ? formatValue(measure.value, measure.unit) : "—";
}

function formatTarget(target: Target | null): string {
  if (!target) return "—";
  const op = target.op === ">=" ? "≥" : target.op === "<=" ? "≤" : target.op;
  return `${op} ${formatValue(target.value, target.unit)}`;
}

function formatPass(pass: boolean | null): string {
  return pass === null ? "info" : pass ? "PASS" : "FAIL";
}

/** A plain-text table of the rows. */
export function renderTable(rows: Row[]): string {
  const header = ["benchmark", "academy", "bare node:http", "ratio or value", "target", "pass/fail"];
  const lines = rows.map((r) => [
    r.name,
    formatMeasure(r.extra.academy),
    formatMeasure(r.extra.bare),
    formatValue(r.value, r.unit),
    formatTarget(r.target),
    formatPass(r.pass),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const render = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [render(header), rule, ...lines.map(render)].join("\n");
}

/** Writes results/<timestamp>.json and results/latest.json; returns the timestamped path. */
export function writeResults(dir: string, startedAt: Date, results: unknown): string {
  mkdirSync(dir, { recursive: true });
  // ISO 8601 with ":" replaced by "-" so the name is valid on every file system.
  const file = path.join(dir, `${startedAt.toISOString().replace(/:/g, "-")}.json`);
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(path.join(dir, "latest.json"), json);
  return file;
}
