type Tree = { readonly [key: string]: unknown };

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge: keys of `over` win, keys only in `base` stay (so a missing German key falls back to English). */
export function deepMerge<T extends Tree>(base: T, ...overs: Tree[]): T {
  const out: Record<string, unknown> = { ...base };
  for (const over of overs) {
    for (const [key, value] of Object.entries(over)) {
      const current = out[key];
      out[key] = isTree(current) && isTree(value) ? deepMerge(current, value) : value;
    }
  }
  return out as T;
}

/** Every leaf key of a message tree as a dotted path, sorted. */
export function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree)
    .flatMap(([key, value]) => (isTree(value) ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`]))
    .sort();
}
