/**
 * Runs `work` once the page's first contentful paint is on the screen and the
 * browser is then idle (issue #29: the login screen fetches the signed-in
 * app's code only after its form is shown). The paint is the browser's own
 * first-contentful-paint entry, which is stamped when the frame is presented;
 * a fetch started from a frame callback can still precede that. Without paint
 * entries: the frame after next (a frame callback runs just before its frame
 * is drawn). A page painted in a background tab reports no paint until shown,
 * so `work` runs after `latestMs` whatever happens. Returns a cancel function.
 */
export function afterFirstPaint(work: () => void, latestMs = 3000): () => void {
  let done = false;
  let cancelIdle = () => {};
  const run = () => {
    if (done) return;
    done = true;
    cancelIdle = whenIdle(work);
  };
  const latest = setTimeout(run, latestMs);
  const stopWaiting = paintEntries() ? onFirstContentfulPaint(run) : afterNextFrames(run);
  return () => {
    done = true;
    clearTimeout(latest);
    stopWaiting();
    cancelIdle();
  };
}

function paintEntries(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint')
  );
}

function onFirstContentfulPaint(run: () => void): () => void {
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  });
  // buffered: a paint that happened before this call is reported too.
  observer.observe({ type: 'paint', buffered: true });
  return () => observer.disconnect();
}

function afterNextFrames(run: () => void): () => void {
  let second = 0;
  const first = requestAnimationFrame(() => {
    second = requestAnimationFrame(run);
  });
  return () => {
    cancelAnimationFrame(first);
    cancelAnimationFrame(second);
  };
}

/** Runs `work` when the browser is idle (a short timeout where it has no idle callbacks: Safari). */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 50);
  return () => clearTimeout(id);
}
