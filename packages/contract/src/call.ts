import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

/**
 * One API call: where it lives and the shapes of what goes in and
 * comes out. Server routes and the web client's fetchers are both built from
 * these, so the two can never disagree.
 */
export interface CallDefinition<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path as clients call it; `{id}`-style segments are path parameters. */
  path: string;
  /** Fixed query string that is part of the path (e.g. `?action=updateGroupStatus`). */
  query?: Record<string, string>;
  /** False only for the latest-announcement calls. */
  auth: boolean;
  /** Exists only when dev tools are enabled. */
  devOnly?: boolean;
  request: Req;
  response: Res;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  call: CallDefinition<Req, Res>,
): CallDefinition<Req, Res> {
  return call;
}

export type CallRequest<C extends CallDefinition> = z.input<C['request']>;
export type CallResponse<C extends CallDefinition> = z.output<C['response']>;

const PATH_PARAM = /\{([^}]+)\}/g;

/** Names of the `{name}` segments of a call's path, e.g. `['id']` for `/v1/Event/{id}/resolve`. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1] ?? '');
}

/** Identifies a route: method, path and the call's fixed query (the group updates share a path). */
export function callKey(call: Pick<CallDefinition, 'method' | 'path' | 'query'>): string {
  const query = new URLSearchParams(call.query ?? {}).toString();
  return `${call.method} ${call.path}${query ? `?${query}` : ''}`;
}

/**
 * The URL path to request: path parameters filled in (encoded) from `params`,
 * then the call's fixed query. A missing parameter is a programming error.
 */
export function callUrl(
  call: Pick<CallDefinition, 'path' | 'query'>,
  params: Record<string, string | number> = {},
): string {
  const path = call.path.replace(PATH_PARAM, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${call.path}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(call.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}
