import { describe, expect, it } from 'vitest';
import { signInWait } from './sign-in-validation';

describe('signInWait', () => {
  it('counts seconds below two minutes, so a 2-second slow-down does not read "1 minute"', () => {
    expect(signInWait(2)).toEqual({ unit: 'seconds', count: 2 });
    expect(signInWait(119)).toEqual({ unit: 'seconds', count: 119 });
    expect(signInWait(0)).toEqual({ unit: 'seconds', count: 1 });
    expect(signInWait(1.2)).toEqual({ unit: 'seconds', count: 2 });
  });

  it('counts whole minutes, rounded up, from two minutes on', () => {
    expect(signInWait(120)).toEqual({ unit: 'minutes', count: 2 });
    expect(signInWait(121)).toEqual({ unit: 'minutes', count: 3 });
    expect(signInWait(900)).toEqual({ unit: 'minutes', count: 15 });
  });
});
