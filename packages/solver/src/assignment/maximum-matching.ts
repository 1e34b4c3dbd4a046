/**
 * A maximum matching of a general (not bipartite) graph: Edmonds' blossom algorithm, one
 * breadth-first augmenting-path search per free vertex, an odd cycle met on the way contracted
 * into its base. O(V^3); meant for the small graphs of the charge-segment bound.
 *
 * `neighbours[v]` lists the vertices joined to v (both directions). Returns `mate`, with
 * `mate[v]` the vertex v is matched to, or -1.
 */
export function maximumMatching(neighbours: readonly (readonly number[])[]): Int32Array {
  const n = neighbours.length;
  const mate = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n);
  const base = new Int32Array(n);
  const inQueue = new Uint8Array(n);
  const inBlossom = new Uint8Array(n);
  const queue = new Int32Array(n);

  /** The lowest common ancestor of a and b in the alternating tree, by bases. */
  const commonBase = (a: number, b: number): number => {
    const seen = new Uint8Array(n);
    for (let v = a; ; v = parent[mate[v]]) {
      v = base[v];
      seen[v] = 1;
      if (mate[v] < 0) break;
    }
    for (let v = b; ; v = parent[mate[v]]) {
      v = base[v];
      if (seen[v]) return v;
    }
  };
  /** Marks the blossom's vertices on the path from v up to `top`, setting parents so augmenting paths can pass through it. */
  const markPath = (v: number, top: number, child: number) => {
    while (base[v] !== top) {
      inBlossom[base[v]] = 1;
      inBlossom[base[mate[v]]] = 1;
      parent[v] = child;
      child = mate[v];
      v = parent[mate[v]];
    }
  };

  /** An augmenting path from the free vertex `root`: returns its free end, or -1. */
  const search = (root: number): number => {
    parent.fill(-1);
    inQueue.fill(0);
    for (let v = 0; v < n; v++) base[v] = v;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    inQueue[root] = 1;
    while (head < tail) {
      const v = queue[head++];
      for (const u of neighbours[v]) {
        if (base[v] === base[u] || mate[v] === u) continue;
        if (u === root || (mate[u] >= 0 && parent[mate[u]] >= 0)) {
          // An odd cycle: contract it into its base.
          const top = commonBase(v, u);
          inBlossom.fill(0);
          markPath(v, top, u);
          markPath(u, top, v);
          for (let w = 0; w < n; w++) {
            if (!inBlossom[base[w]]) continue;
            base[w] = top;
            if (!inQueue[w]) {
              inQueue[w] = 1;
              queue[tail++] = w;
            }
          }
        } else if (parent[u] < 0) {
          parent[u] = v;
          if (mate[u] < 0) return u;
          inQueue[mate[u]] = 1;
          queue[tail++] = mate[u];
        }
      }
    }
    return -1;
  };

  for (let root = 0; root < n; root++) {
    if (mate[root] >= 0) continue;
    // Flip the matching along the augmenting path, from its free end back to the root.
    for (let v = search(root); v >= 0; ) {
      const previous = parent[v];
      const next = mate[previous];
      mate[v] = previous;
      mate[previous] = v;
      v = next;
    }
  }
  return mate;
}
