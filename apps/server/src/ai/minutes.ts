/**
 * Splits `total` whole minutes into integer parts proportional to `weights` (largest-remainder
 * method), so the parts always add up to exactly `total` (000 §5: section durations are integers).
 * @param total minutes, rounded and clamped to ≥ 0.
 * @param weights one positive weight per part; when none is positive the split is even.
 * @returns one integer (minutes ≥ 0) per weight; [] for no weights.
 */
export function distributeMinutes(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const whole = Number.isFinite(total) ? Math.max(0, Math.round(total)) : 0;
  const safe = weights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const sum = safe.reduce((a, b) => a + b, 0);
  const used = sum > 0 ? safe : safe.map(() => 1);
  const usedSum = sum > 0 ? sum : used.length;
  const exact = used.map((w) => (whole * w) / usedSum);
  const parts = exact.map(Math.floor);
  let rest = whole - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, fraction: value - Math.floor(value) }));
  order.sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (let i = 0; rest > 0; i = (i + 1) % order.length, rest--) parts[order[i].index] += 1;
  return parts;
}
