import { describe, expect, it } from 'vitest';
import { resolveFactoryId } from '../../src/modules/auth/factory-access.ts';
import { describeValidationProblems } from '../../src/platform/http/validation-message.ts';
import { parseMigrationFiles, pendingMigrations } from '../../src/platform/db/migration-plan.ts';
import { fastifyPath } from '../../src/modules/auth/register-call.ts';

describe('resolveFactoryId', () => {
  it('maps 0 and the own id to the own factory, anything else to null', () => {
    expect(resolveFactoryId(0, 7)).toBe(7);
    expect(resolveFactoryId(7, 7)).toBe(7);
    expect(resolveFactoryId(8, 7)).toBeNull();
  });
});

describe('describeValidationProblems', () => {
  it('names the field path of each problem', () => {
    expect(
      describeValidationProblems([
        { instancePath: '/factoryId', message: 'Invalid input: expected number, received boolean' },
        { instancePath: '/timeRange/start', message: 'Required' },
        { instancePath: '/list/0/id', message: 'Too small' },
      ]),
    ).toBe(
      'factoryId: Invalid input: expected number, received boolean; timeRange.start: Required; list.0.id: Too small',
    );
  });

  it('calls a problem with the whole body "body" and drops duplicates', () => {
    expect(
      describeValidationProblems([
        { instancePath: '/', message: 'expected object' },
        { instancePath: '/', message: 'expected object' },
      ]),
    ).toBe('body: expected object');
  });

  it('says which types a union accepts when every branch failed on type', () => {
    const params = {
      errors: [
        [{ code: 'invalid_type', expected: 'number', path: [] }],
        [{ code: 'invalid_type', expected: 'string', path: [] }],
      ],
    };
    expect(
      describeValidationProblems([
        { instancePath: '/factoryId', keyword: 'invalid_union', message: 'Invalid input', params },
      ]),
    ).toBe('factoryId: Invalid input: expected number or string');
  });
});

describe('migration files', () => {
  it('are ordered by version and must not skip or repeat one', () => {
    expect(parseMigrationFiles(['002_b.sql', '001_a.sql']).map((f) => f.name)).toEqual(['a', 'b']);
    expect(() => parseMigrationFiles(['001_a.sql', '003_c.sql'])).toThrow(/without gaps/);
    expect(() => parseMigrationFiles(['001_a.sql', '001_b.sql'])).toThrow(/without gaps/);
    expect(() => parseMigrationFiles(['1_a.sql'])).toThrow(/NNN_snake_case/);
  });

  it('leaves out the versions already applied', () => {
    const files = parseMigrationFiles(['001_a.sql', '002_b.sql', '003_c.sql']);
    expect(pendingMigrations(files, new Set([1, 2])).map((f) => f.version)).toEqual([3]);
    expect(pendingMigrations(files, new Set([1, 2, 3]))).toEqual([]);
  });
});

describe('fastifyPath', () => {
  it('turns {id} path parameters into :id', () => {
    expect(fastifyPath('/v1/Event/{id}/resolve')).toBe('/v1/Event/:id/resolve');
    expect(fastifyPath('/User/SignIn')).toBe('/User/SignIn');
  });
});
