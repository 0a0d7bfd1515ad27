type Tree = { [key: string]: string | Tree };

/** Deep-merges message modules (each area contributes its own keys). */
export function mergeMessages<T extends object>(...parts: object[]): T {
  const out: Tree = {};
  const merge = (target: Tree, src: Tree) => {
    for (const [k, v] of Object.entries(src)) {
      if (v && typeof v === 'object') {
        const existing = target[k];
        const node: Tree = existing && typeof existing === 'object' ? existing : {};
        target[k] = node;
        merge(node, v);
      } else {
        target[k] = v;
      }
    }
  };
  for (const p of parts) merge(out, p as Tree);
  return out as T;
}
