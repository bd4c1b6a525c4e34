// Node 20 lacks Object.groupBy / Map.groupBy, which the better-auth CLI uses.
if (!Object.groupBy) {
  Object.groupBy = (items, key) => {
    const out = Object.create(null);
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      if (!out[k]) out[k] = [];
      out[k].push(item);
    }
    return out;
  };
}
if (!Map.groupBy) {
  Map.groupBy = (items, key) => {
    const out = new Map();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      if (!out.has(k)) out.set(k, []);
      out.get(k).push(item);
    }
    return out;
  };
}
