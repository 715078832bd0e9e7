import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { i18n } from '@/lib/i18n';

// Component files run in a VM context (vite.config.ts: pool vmThreads) whose page lacks the
// streams a browser has; fetch's Response (Node's) reads Node's own.
if (typeof globalThis.ReadableStream === 'undefined') {
  Object.assign(globalThis, { ReadableStream: NodeReadableStream });
}

// The first visit of a lazy page transforms its module on the fly; give it time.
configure({ asyncUtilTimeout: 4000 });

beforeEach(async () => {
  // Build-tool tests run in Node (`@vitest-environment node`): no page to reset.
  if (typeof window === 'undefined') return;
  localStorage.clear();
  await i18n.changeLanguage('en');
  // Failed calls are logged by design; tests assert on what users see instead.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
});
