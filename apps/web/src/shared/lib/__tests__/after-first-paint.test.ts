import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstPaint,
  FIRST_PAINT_TIMEOUT_MS,
  LOAD_FAILED_TEXT,
  runOnceDrawn,
  showLoadFailure,
} from '../after-first-paint';

/** A browser's paint reports: the observers made, and a paint to report to them. */
class FakePerformanceObserver {
  static supportedEntryTypes: readonly string[] = ['paint', 'largest-contentful-paint'];
  static observers: FakePerformanceObserver[] = [];
  observing = false;
  constructor(private readonly callback: PerformanceObserverCallback) {
    FakePerformanceObserver.observers.push(this);
  }
  observe(options: PerformanceObserverInit) {
    expect(options).toEqual({ type: 'paint', buffered: true });
    this.observing = true;
  }
  disconnect() {
    this.observing = false;
  }
  /** The browser reports a paint named `name` to the observers still observing. */
  static paint(name: 'first-paint' | 'first-contentful-paint') {
    for (const observer of FakePerformanceObserver.observers.filter((o) => o.observing)) {
      const list = {
        getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []),
      } as unknown as PerformanceObserverEntryList;
      observer.callback(list, observer as unknown as PerformanceObserver);
    }
  }
}

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  FakePerformanceObserver.observers = [];
  FakePerformanceObserver.supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const hide = () => {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('afterFirstPaint', () => {
  it('runs the task once the first content is painted, not at the first (blank) paint', () => {
    const task = vi.fn();
    afterFirstPaint(task);
    expect(task).not.toHaveBeenCalled();
    FakePerformanceObserver.paint('first-paint');
    expect(task).not.toHaveBeenCalled();
    FakePerformanceObserver.paint('first-contentful-paint');
    expect(task).toHaveBeenCalledTimes(1);
    // Done with: no more reports, no deadline, no hiding runs it again.
    expect(FakePerformanceObserver.observers[0]!.observing).toBe(false);
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS);
    hide();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task by its deadline where no paint comes, once', () => {
    const task = vi.fn();
    afterFirstPaint(task);
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    FakePerformanceObserver.paint('first-contentful-paint');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task at once when the tab is put in the background before its first paint', () => {
    const task = vi.fn();
    afterFirstPaint(task);
    hide();
    expect(task).toHaveBeenCalledTimes(1);
    FakePerformanceObserver.paint('first-contentful-paint');
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task at once in a tab the browser does not show', () => {
    visibility = 'hidden';
    const task = vi.fn();
    afterFirstPaint(task);
    expect(task).toHaveBeenCalledTimes(1);
    expect(FakePerformanceObserver.observers).toHaveLength(0);
  });

  it('runs the task at once in a browser that does not report paints', () => {
    FakePerformanceObserver.supportedEntryTypes = ['largest-contentful-paint'];
    const first = vi.fn();
    afterFirstPaint(first);
    expect(first).toHaveBeenCalledTimes(1);

    vi.stubGlobal('PerformanceObserver', undefined);
    const second = vi.fn();
    afterFirstPaint(second);
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('runOnceDrawn', () => {
  it('stops a wait that answers at once, and runs the task once', () => {
    const task = vi.fn();
    const stop = vi.fn();
    runOnceDrawn(task, 100, (run) => {
      run();
      run();
      return stop;
    });
    expect(task).toHaveBeenCalledTimes(1);
    expect(stop).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('showLoadFailure', () => {
  afterEach(() => document.body.replaceChildren());

  it("turns the HTML's loading line into an alert that the page could not be loaded", () => {
    document.body.innerHTML =
      '<div id="root"><p class="boot-loading" role="status">Loading the page…</p></div>';
    showLoadFailure();
    const line = document.querySelector('#root > p')!;
    expect(line.textContent).toBe(LOAD_FAILED_TEXT);
    expect(line.getAttribute('role')).toBe('alert');
  });

  it('leaves a page the app has drawn alone', () => {
    document.body.innerHTML = '<div id="root"><main><h1>Help &amp; FAQs</h1></main></div>';
    showLoadFailure();
    expect(document.body.textContent).toBe('Help & FAQs');
  });
});
