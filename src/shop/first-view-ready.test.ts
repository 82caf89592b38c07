// The loader's time-out (docs/product.md §9: 3000 ms): a page whose loading view (its first
// view) never says it is drawn starts its islands 3 s after, never sooner, and never waits longer.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LOADER_TIMEOUT_MS } from '#src/shared/flags.ts';
import { afterFirstView } from './first-view-ready.ts';

const FRAME_MS = 16;

beforeEach(() => {
  vi.useFakeTimers();
  // A shopper's page with a first view box that is never marked drawn, in a browser that reports no paint.
  const box = { dataset: {} };
  vi.stubGlobal('document', { querySelector: () => box, documentElement: { dataset: { session: '1' } } });
  vi.stubGlobal(
    'MutationObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      observe() {
        throw new TypeError('largest-contentful-paint is not supported');
      }
      disconnect() {}
    },
  );
  vi.stubGlobal('requestAnimationFrame', (frame: () => void) => setTimeout(frame, FRAME_MS));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('is 3000 ms: the islands start then, not before, when the loading view never comes', () => {
  expect(LOADER_TIMEOUT_MS).toBe(3000);
  const start = vi.fn();
  afterFirstView(start);
  vi.advanceTimersByTime(LOADER_TIMEOUT_MS - 1);
  expect(start).not.toHaveBeenCalled();
  // Then the two frames and the moment the page gives the browser to put what it has on screen.
  vi.advanceTimersByTime(1 + 2 * FRAME_MS + 50);
  expect(start).toHaveBeenCalledTimes(1);
});
