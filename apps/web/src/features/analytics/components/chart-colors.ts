/** Series colours shared by charts and funnel bars (kept out of the recharts chunk). */
export const COLORS = ["#0d9488", "#2563eb", "#f59e0b", "#db2777", "#7c3aed", "#16a34a"];
