import { describe, expect, it } from 'vitest';
import { planChunks, type ModuleFacts } from '../build/chunk-groups';

/** A module graph from "module: its static imports". */
function graph(imports: Record<string, string[]>) {
  return (id: string): ModuleFacts | null => (id in imports ? { importedIds: imports[id]! } : null);
}

// main → first-load, i18n, router; the router loads frame and pages lazily.
const modules = graph({
  main: ['first-load', 'i18n', 'router', 'react'],
  'first-load': ['session-keys'],
  'session-keys': [],
  i18n: ['react'],
  router: ['react'],
  react: [],
  frame: ['react', 'query', 'contract'],
  overview: ['react', 'query', 'contract', 'charts', 'overview-card'],
  monitor: ['query', 'contract', 'charts', 'picker'],
  admin: ['query', 'forms', 'toasts'],
  control: ['query', 'toasts'],
  query: [],
  contract: ['session-keys', 'zod', 'demand-schema'],
  'demand-schema': ['zod'],
  zod: [],
  charts: [],
  'overview-card': [],
  picker: [],
  forms: [],
  toasts: [],
});

const plan = planChunks(
  {
    entry: 'main',
    firstLoad: 'first-load',
    pages: ['frame', 'overview', 'monitor', 'admin', 'control'],
    landing: ['frame', 'overview', 'monitor'],
    notLogin: (id) => id === 'contract' || id === 'zod',
  },
  modules,
);

describe('planChunks', () => {
  it('puts the first load and what it imports in a file of its own', () => {
    expect(plan.groupOf('first-load')).toBe('first-load');
    expect(plan.groupOf('session-keys')).toBe('first-load');
  });

  it('puts the rest of what the entry imports in the login file, shared or not', () => {
    for (const id of ['main', 'i18n', 'router', 'react']) expect(plan.groupOf(id)).toBe('login');
  });

  it('keeps the login file out of a barrel: the pages share the package, not the login route', () => {
    expect(plan.groupOf('contract')).toBe('app');
    expect(plan.groupOf('demand-schema')).toBe('app');
    expect(plan.groupOf('zod')).toBe('app');
  });

  it('shares in one file what two signed-in pages use, one of them a landing page', () => {
    expect(plan.groupOf('query')).toBe('app');
    expect(plan.groupOf('charts')).toBe('app');
  });

  it("leaves a page's own code, and what only non-landing pages share, to the bundler", () => {
    for (const id of ['overview-card', 'picker', 'forms', 'toasts']) {
      expect(plan.groupOf(id)).toBeNull();
    }
  });

  it('leaves the pages themselves in their own chunks', () => {
    for (const id of ['frame', 'overview', 'monitor', 'admin']) expect(plan.groupOf(id)).toBeNull();
  });

  it('refuses a root the graph does not have (a page moved without the config)', () => {
    expect(() =>
      planChunks(
        {
          entry: 'main',
          firstLoad: 'first-load',
          pages: ['gone'],
          landing: [],
          notLogin: () => false,
        },
        modules,
      ),
    ).toThrow('gone is not in the module graph');
  });
});
