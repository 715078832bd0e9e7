import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/platform/http/json-body.ts';

describe('parseJsonBody', () => {
  it('parses ordinary JSON, "constructor" as plain data included', () => {
    expect(parseJsonBody('{"a":[1,{"b":"proto"}]}')).toEqual({
      ok: true,
      value: { a: [1, { b: 'proto' }] },
    });
    expect(parseJsonBody('{"constructor":"x","c":{"constructor":{"name":"y"}}}').ok).toBe(true);
  });

  it('tells broken JSON apart from a forbidden key', () => {
    expect(parseJsonBody('{"a":')).toEqual({ ok: false, problem: 'syntax' });
    expect(parseJsonBody('{"__proto__":{"isAdmin":true}}')).toEqual({
      ok: false,
      problem: 'forbiddenKey',
      message: 'The request body has a key named "__proto__", which is not allowed.',
    });
  });

  it('finds the key however deep, and says where', () => {
    const body = '{"readings":[{"serial":"M1"},{"phases":{"a":{"__proto__":{"x":1}}}}]}';
    expect(parseJsonBody(body)).toMatchObject({
      problem: 'forbiddenKey',
      message:
        'The request body has a key named "__proto__" (in readings[1].phases.a), which is not allowed.',
    });
  });

  it('sees through \\u escapes and refuses "constructor" holding "prototype"', () => {
    expect(parseJsonBody('{"\\u005f_proto\\u005f_":{}}')).toMatchObject({
      problem: 'forbiddenKey',
    });
    expect(parseJsonBody('[{"constructor":{"prototype":{"polluted":true}}}]')).toMatchObject({
      problem: 'forbiddenKey',
      message:
        'The request body has a key named "constructor" holding "prototype" (in [0]), which is not allowed.',
    });
  });
});
