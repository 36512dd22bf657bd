// Reads a V8 CPU profile (node --cpu-prof) into the few figures a start-up report needs: where the
// process's own time went, by function and by the kind of work (loading modules, compiling schemas).

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileEntry {
  /** The function and where it is, shortened to the package or project file. */
  name: string;
  /** Milliseconds sampled in the function itself. */
  selfMs: number;
  /** Milliseconds sampled in the function or anything it called. */
  totalMs: number;
}

export interface ProfileSummary {
  /** Milliseconds sampled, idle and garbage collection left out. */
  busyMs: number;
  idleMs: number;
  /** The functions with the most time of their own. */
  topSelf: ProfileEntry[];
  /** Time under module loading and under ajv compiling schemas, in milliseconds. */
  under: Record<string, number>;
}

/** A frame's place, from node_modules on (package/path) or from the project root on. */
function placeOf(url: string, root: string): string {
  const packageAt = url.lastIndexOf('node_modules/');
  if (packageAt >= 0) return url.slice(packageAt + 'node_modules/'.length);
  return url.replace(`file://${root}/`, '').replace(root + '/', '');
}

const nameOf = (node: ProfileNode, root: string) =>
  `${node.callFrame.functionName || '(anonymous)'} ${placeOf(node.callFrame.url, root)}`.trim();

// Node resolving, reading and compiling modules (and require() running a CommonJS one); not the entry's own run.
const LOADING = new Set(['Module._load', 'wrapSafe', 'loadAndTranslate', 'ModuleJob._link', 'compileForInternalLoader']);

/** Where a frame's time counts beyond itself: module loading (CommonJS and ES) and ajv's schema compiler. */
const KINDS: Record<string, (node: ProfileNode) => boolean> = {
  'loading modules': (n) => LOADING.has(n.callFrame.functionName),
  'ajv compiling schemas': (n) => ['compileSchema', 'validateFunctionCode'].includes(n.callFrame.functionName),
};

export function summariseProfile(profile: CpuProfile, root: string, top = 12): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const under: Record<string, number> = Object.fromEntries(Object.keys(KINDS).map((k) => [k, 0]));
  let busyUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const name = nameOf(node, root);
    self.set(name, (self.get(name) ?? 0) + us);
    // Each ancestor's name once per sample, so recursion is not counted twice.
    const seen = new Set<string>();
    const kinds = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!;
      const frameName = nameOf(frame, root);
      if (!seen.has(frameName)) total.set(frameName, (total.get(frameName) ?? 0) + us);
      seen.add(frameName);
      for (const [kind, matches] of Object.entries(KINDS)) if (matches(frame)) kinds.add(kind);
    }
    for (const kind of kinds) under[kind]! += us;
  }
  const ms = (us: number) => Math.round(us / 100) / 10;
  const topSelf = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, selfMs: ms(us), totalMs: ms(total.get(name) ?? us) }));
  return { busyMs: ms(busyUs), idleMs: ms(idleUs), topSelf, under: Object.fromEntries(Object.entries(under).map(([k, v]) => [k, ms(v)])) };
}
