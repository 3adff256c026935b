import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  delete document.documentElement.dataset.issuer;
});
