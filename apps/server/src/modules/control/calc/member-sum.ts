/**
 * A virtual node's consumption from its measured members' kW: null when it has
 * no members or any member lacks a value (a partial sum would read as a drop).
 */
export function memberSum(
  memberIds: readonly number[],
  kw: ReadonlyMap<number, number>,
): number | null {
  if (memberIds.length === 0) return null;
  let sum = 0;
  for (const id of memberIds) {
    const value = kw.get(id);
    if (value === undefined) return null;
    sum += value;
  }
  return sum;
}
