import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

function fakeWindow(readyState: DocumentReadyState, serviceWorker?: { register: unknown }) {
  const listeners = new Map<string, () => void>();
  const target = {
    navigator: { serviceWorker },
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  } as unknown as Window;
  return { target, listeners };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole origin once the page has loaded', () => {
    const register = vi.fn().mockResolvedValue({});
    const { target, listeners } = fakeWindow('interactive', { register });
    registerServiceWorker({ production: true }, target);
    expect(register).not.toHaveBeenCalled();
    listeners.get('load')?.();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers at once when the page has already loaded', () => {
    const register = vi.fn().mockResolvedValue({});
    registerServiceWorker({ production: true }, fakeWindow('complete', { register }).target);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in development or where the browser has no service workers', () => {
    const register = vi.fn().mockResolvedValue({});
    registerServiceWorker({ production: false }, fakeWindow('complete', { register }).target);
    expect(register).not.toHaveBeenCalled();
    expect(() =>
      registerServiceWorker({ production: true }, fakeWindow('complete').target),
    ).not.toThrow();
  });

  it('swallows a refused registration (private mode): the app works without it', async () => {
    const register = vi.fn().mockRejectedValue(new Error('SecurityError'));
    registerServiceWorker({ production: true }, fakeWindow('complete', { register }).target);
    await Promise.resolve();
    expect(register).toHaveBeenCalledTimes(1);
  });
});
