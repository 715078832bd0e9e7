// How the client's code is cut into files (issue #14). Left to itself the
// bundler makes a file for every set of lazy modules that shares some code:
// 14 files for the login route and about 45 more for Overview, most under
// 2 KB. The product is served over plain HTTP/1.1 on a LAN (six connections
// per origin, one request at a time on each), so on a phone every round of
// six small files costs a full round trip before the first numbers paint.
// Four groups instead:
// - `first-load`: what a signed-in first load starts its calls and page chunks
//   with (app/first-load.ts and its imports), a file of its own so that it runs
//   before lib/i18n waits for the locale (in one file with it, it ran after);
// - `login`: everything else the entry statically imports (the login route);
// - `app`: code that two or more signed-in pages (the frame included) share,
//   one of them a page people land on (the frame, Overview, Monitoring Point):
//   one file that every signed-in page loads beside its own chunk (what only
//   Control, Report and Admin share stays out of the landing pages' way);
// - everything else keeps the bundler's own cut: a page's own code stays in
//   its chunk, and the lazy parts (charts, the live connection, forms, toasts,
//   locales) load only when asked for.

/** The part of the bundler's module info this needs. */
export interface ModuleFacts {
  importedIds: readonly string[];
}

export type ModuleLookup = (id: string) => ModuleFacts | null;

export type ChunkGroup = 'first-load' | 'login' | 'app';

export interface ChunkPlan {
  /** The group of a module, or null for the bundler's own choice. */
  groupOf(id: string): ChunkGroup | null;
}

export interface ChunkRoots {
  /** The entry module (the login route's root). */
  entry: string;
  /** The first load's module, statically imported by the entry first. */
  firstLoad: string;
  /** The signed-in route modules, loaded lazily. */
  pages: readonly string[];
  /** Those of `pages` that a first load lands on (always the frame). */
  landing: readonly string[];
  /**
   * Modules the login route's closure does not enter: a barrel reaches every
   * module of its package although the login route uses one or two of them
   * (it imports those by subpath), and the bundler would then put the pages'
   * share of the package into the login route's file.
   */
  notLogin: (id: string) => boolean;
}

/** Every module `root` reaches by static imports, `root` included, short of `stop`'s. */
function staticClosure(
  root: string,
  lookup: ModuleLookup,
  stop: (id: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || stop(id)) continue;
    seen.add(id);
    stack.push(...(lookup(id)?.importedIds ?? []));
  }
  return seen;
}

/** Plans the groups from the module graph (`lookup`: the bundler's module info). */
export function planChunks(roots: ChunkRoots, lookup: ModuleLookup): ChunkPlan {
  const { entry, firstLoad, pages, landing, notLogin } = roots;
  for (const root of [entry, firstLoad, ...pages, ...landing]) {
    if (!lookup(root)) throw new Error(`chunk plan: ${root} is not in the module graph`);
  }
  const first = staticClosure(firstLoad, lookup, notLogin);
  const login = staticClosure(entry, lookup, notLogin);
  // How many pages reach each module (not through another lazy import), and
  // whether a landing page is one of them.
  const reach = new Map<string, number>();
  const landed = new Set<string>();
  for (const page of pages) {
    for (const id of staticClosure(page, lookup)) {
      reach.set(id, (reach.get(id) ?? 0) + 1);
      if (landing.includes(page)) landed.add(id);
    }
  }
  return {
    groupOf(id) {
      if (first.has(id)) return 'first-load';
      if (login.has(id)) return 'login';
      // A page module itself keeps its own chunk (the router imports it by name).
      if (pages.includes(id)) return null;
      return (reach.get(id) ?? 0) >= 2 && landed.has(id) ? 'app' : null;
    },
  };
}
