import { describe, expect, it } from 'vitest';
import { groupsOf, roleFromGroups } from '../../src/modules/sso/role-mapping.ts';
import { emailOfClaims, roleToStore, usernameOfClaims } from '../../src/modules/sso/sign-in.ts';

const map = { managers: 'manager', operators: 'operator', readers: 'viewer' } as const;

describe('single sign-on: groups to roles', () => {
  it('gives the highest role of the mapped groups, whatever their order', () => {
    expect(roleFromGroups(['readers', 'operators'], map)).toBe('operator');
    expect(roleFromGroups(['managers', 'readers'], map)).toBe('manager');
    expect(roleFromGroups(['readers'], map)).toBe('viewer');
    expect(roleFromGroups(['canteen'], map)).toBeNull();
    expect(roleFromGroups([], map)).toBeNull();
  });

  it('does not take inherited object keys for groups', () => {
    expect(roleFromGroups(['constructor', 'toString', '__proto__'], map)).toBeNull();
  });

  it('stores the mapped role; else keeps a known person’s, gives a new one the default', () => {
    expect(roleToStore('operator', 'viewer', 'manager')).toBe('operator');
    expect(roleToStore(null, 'viewer', 'manager')).toBe('manager');
    expect(roleToStore(null, 'viewer', undefined)).toBe('viewer');
    // No default: whoever no group maps is refused, known or not.
    expect(roleToStore(null, null, 'manager')).toBeNull();
    expect(roleToStore(null, null, undefined)).toBeNull();
  });

  it('reads the groups claim as a list or one string; anything else is no groups', () => {
    expect(groupsOf({ groups: ['a', 2, 'b'] }, 'groups')).toEqual(['a', 'b']);
    expect(groupsOf({ roles: '/energy/managers' }, 'roles')).toEqual(['/energy/managers']);
    expect(groupsOf({ groups: { a: 1 } }, 'groups')).toEqual([]);
    expect(groupsOf({}, 'groups')).toEqual([]);
  });
});

describe('single sign-on: who the claims name', () => {
  it('takes a verified (or unmarked) e-mail, lower-cased', () => {
    expect(emailOfClaims({ email: 'Ana@Plant.Example' })).toBe('ana@plant.example');
    expect(emailOfClaims({ email: 'ana@plant.example', email_verified: true })).toBe(
      'ana@plant.example',
    );
    expect(emailOfClaims({ email: 'ana@plant.example', email_verified: false })).toBeNull();
    expect(emailOfClaims({ email: 'not an address' })).toBeNull();
    expect(emailOfClaims({})).toBeNull();
  });

  it('names a new person after the name claim, never Admin', () => {
    expect(usernameOfClaims({ name: ' Ana Lin ' }, 'ana@p.example')).toBe('Ana Lin');
    expect(usernameOfClaims({ preferred_username: 'alin' }, 'ana@p.example')).toBe('alin');
    expect(usernameOfClaims({}, 'ana@p.example')).toBe('ana');
    expect(usernameOfClaims({ name: 'Admin' }, 'ana@p.example')).toBe('ana@p.example');
    expect(usernameOfClaims({ name: 'admin' }, 'ana@p.example')).toBe('ana@p.example');
    expect(usernameOfClaims({ name: 'x'.repeat(300) }, 'ana@p.example')).toHaveLength(100);
  });
});
