/**
 * Runs tasks of the same key one after another, in call order; tasks of
 * different keys run freely. A failed task does not stop the ones after it.
 * Keys with nothing pending are forgotten.
 */
export function createKeyedSerializer<K>() {
  const tails = new Map<K, Promise<unknown>>();
  return function serialise<T>(key: K, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
