import type { FastifyInstance } from 'fastify';

/** One registered route, as `METHOD /path` (Fastify's `:param` syntax). */
export interface RouteEntry {
  method: string;
  url: string;
}

export function routeKey(route: RouteEntry): string {
  return `${route.method} ${route.url}`;
}

const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * The routes in Fastify's `printRoutes({ commonPrefix: false })` tree. Each
 * line is a path segment under its parent (by indentation) with the methods
 * that end there. HEAD is left out: Fastify adds it to every GET by itself.
 * Walking the app's own route table means a call added later is covered (or
 * fails the suite) without anyone remembering to list it.
 */
export function parseRouteTree(tree: string): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = LINE.exec(line.trimEnd());
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const url = `${stack.join('')}${match[2] ?? ''}`;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method !== '' && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

export function registeredRoutes(app: FastifyInstance): RouteEntry[] {
  return parseRouteTree(app.printRoutes({ commonPrefix: false }));
}

/**
 * Routes the security suite does not call, and why. Anything else the app
 * registers must have a cross-tenant case, or the suite fails.
 */
export const EXCLUDED_ROUTES: Readonly<Record<string, string>> = {
  'OPTIONS *': 'CORS preflight: answers headers only, runs no handler with data',
  'GET /docs*': 'Swagger UI static assets (the OpenAPI document itself, /docs/json, is checked)',
  'GET /docs/static/index.html': 'Swagger UI page, static',
  'GET /docs/static/swagger-initializer.js': 'Swagger UI script, static',
  'GET /': 'the built client (index.html), no data',
  'GET /dashboard': 'the built client (index.html), no data',
  'GET /dashboard/*': 'the built client (index.html), no data',
  'GET /assets/*': 'the built client’s static files, no data',
};
