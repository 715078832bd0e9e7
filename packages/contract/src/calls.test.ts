import { describe, expect, it } from 'vitest';
import { callKey, callUrl, pathParamNames } from './call.ts';
import { allCalls, calls } from './calls.ts';
import { callExamples } from './fixtures/call-examples.ts';
import { issuePaths } from './fixtures/issue-paths.ts';

const namedCalls = Object.entries(calls);
const nameOf = (call: unknown) => namedCalls.find(([, c]) => c === call)?.[0];

describe('call registry', () => {
  it('has every call of the product (24 in the table, two test-only) plus meter ingest', () => {
    expect(allCalls).toHaveLength(27);
    expect(allCalls.map(callKey)).toContain('POST /v1/Ingest/Readings');
  });

  it('gives each call a distinct route (method, path and fixed query)', () => {
    const keys = allCalls.map(callKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('POST /v1/Channel/Group/Update?action=updateChannelStatus');
  });

  it('has an example for every call in allCalls', () => {
    const missing = allCalls.map(nameOf).filter((name) => !name || !(name in callExamples));
    expect(missing).toEqual([]);
  });

  it('needs a token for every call except sign-in and the latest announcement', () => {
    const open = allCalls.filter((c) => !c.auth).map(callKey);
    expect(open.sort()).toEqual([
      'GET /v1/Web/Announcement/Latest',
      'POST /User/SignIn',
      'POST /api/v1/Web/Announcement/Latest',
    ]);
  });

  it('limits dev-only calls to the two test calls', () => {
    const devOnly = allCalls.filter((c) => c.devOnly).map((c) => c.path);
    expect(devOnly.sort()).toEqual(['/API/v1/TestEmail/send-test', '/api/test/alarm']);
  });
});

describe.each(namedCalls)('%s', (name, call) => {
  const examples = callExamples[name as keyof typeof callExamples];

  it('accepts a valid request', () => {
    const result = call.request.safeParse(examples.request.valid);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('rejects a broken request, naming the field', () => {
    expect(issuePaths(call.request, examples.request.broken.value)).toContain(
      examples.request.broken.path,
    );
  });

  it('accepts a valid response', () => {
    const result = call.response.safeParse(examples.response.valid);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('rejects a broken response, naming the field', () => {
    expect(issuePaths(call.response, examples.response.broken.value)).toContain(
      examples.response.broken.path,
    );
  });
});

describe('call URLs', () => {
  it('fills and encodes path parameters', () => {
    expect(pathParamNames(calls.eventResolve.path)).toEqual(['id']);
    expect(callUrl(calls.eventResolve, { id: 42 })).toBe('/v1/Event/42/resolve');
    expect(callUrl(calls.eventResolve, { id: 'a/b' })).toBe('/v1/Event/a%2Fb/resolve');
  });

  it('appends the fixed query of the group updates', () => {
    expect(callUrl(calls.channelGroupUpdateInfo)).toBe(
      '/v1/Channel/Group/Update?action=updateChannelInfo',
    );
    expect(callUrl(calls.signIn)).toBe('/User/SignIn');
  });

  it('refuses to build a URL with a missing path parameter', () => {
    expect(() => callUrl(calls.eventResolve)).toThrow('Missing path parameter "id"');
  });

  it('coerces the resolve id to a number', () => {
    expect(calls.eventResolve.request.parse({ id: '17' })).toEqual({ id: 17 });
  });
});
