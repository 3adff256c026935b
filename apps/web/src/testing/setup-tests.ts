import '@/app/zod-jitless';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { contractViolations } from './mock-api';

// Routes load their code lazily, which takes a while on a busy test machine.
configure({ asyncUtilTimeout: 4000 });

// jsdom lacks a few browser APIs the router and the Radix primitives use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
window.scrollTo = vi.fn();
Object.assign(Element.prototype, {
  scrollIntoView: vi.fn(),
  hasPointerCapture: () => false,
  releasePointerCapture: vi.fn(),
});

afterEach(() => {
  const broken = contractViolations();
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  delete document.documentElement.dataset.issuer;
  // After the cleanup, so that a failing test leaves nothing behind for the next one.
  if (broken.length > 0) {
    throw new Error(`The test's API mocks broke the contract:\n${broken.join('\n')}`);
  }
});
