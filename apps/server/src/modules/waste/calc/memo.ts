/**
 * A pure one-argument function that answers each argument once. The finder
 * asks the same things over and over within a call: the wall-clock parts of
 * each quarter for every point (~7,400 quarters × each point), and a date's
 * day type for every quarter and for each of up to 70 days back while
 * choosing typical days (docs/decisions/0087-waste-finder-speed.md). Only for
 * functions whose answer depends on the argument alone; one finder call owns
 * the memo, so it never outlives the schedule or zone it was made from.
 */
export function memoize<K, V>(fn: (key: K) => V): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as V;
    const value = fn(key);
    answers.set(key, value);
    return value;
  };
}
