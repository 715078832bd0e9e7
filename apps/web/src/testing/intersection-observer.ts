/**
 * A hand-driven IntersectionObserver for component tests (jsdom has none):
 * `scrollIntoView(element)` reports the element as on screen to whoever watches it.
 */
type Callback = (entries: { target: Element; isIntersecting: boolean }[]) => void;

const watchers = new Set<{ callback: Callback; targets: Set<Element> }>();

class FakeIntersectionObserver {
  private readonly watcher: { callback: Callback; targets: Set<Element> };
  constructor(callback: Callback) {
    this.watcher = { callback, targets: new Set() };
    watchers.add(this.watcher);
  }
  observe(target: Element) {
    this.watcher.targets.add(target);
  }
  unobserve(target: Element) {
    this.watcher.targets.delete(target);
  }
  disconnect() {
    watchers.delete(this.watcher);
  }
  takeRecords() {
    return [];
  }
}

export function installIntersectionObserver(): () => void {
  const previous = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver =
    FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  return () => {
    globalThis.IntersectionObserver = previous;
    watchers.clear();
  };
}

/** How many observers still watch something (a disconnected one is gone). */
export function watcherCount(): number {
  return watchers.size;
}

export function scrollIntoView(element: Element) {
  for (const watcher of [...watchers]) {
    if (watcher.targets.has(element)) {
      watcher.callback([{ target: element, isIntersecting: true }]);
    }
  }
}
