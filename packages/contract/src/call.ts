import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

/**
 * One API call of spec §7: where it lives and the shapes of what goes in and
 * comes out. Server routes and the web client's fetchers are both built from
 * these, so the two can never disagree.
 */
export interface CallDefinition<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path as the spec writes it; `{id}`-style segments are path parameters. */
  path: string;
  /** Query string the spec puts in the path (e.g. `?action=updateGroupStatus`). */
  query?: Record<string, string>;
  /** False only for the latest-announcement calls (spec §6). */
  auth: boolean;
  /** Exists only when dev tools are enabled (DESIGN §5). */
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
