/** The first year the report offers (the grid factors entered start there). */
export const FIRST_SCOPE2_YEAR = 2017;

/** The year of a factory-local day, 'yyyy-MM-dd'. */
export function yearOf(day: string): number {
  return Number(day.slice(0, 4));
}

/** The years to choose from, newest first: this year and every earlier one down to FIRST_SCOPE2_YEAR. */
export function scope2Years(thisYear: number): number[] {
  const years: number[] = [];
  for (let year = thisYear; year >= FIRST_SCOPE2_YEAR; year -= 1) years.push(year);
  return years;
}

/** Last year, the year an inventory is filed for; never before the first year offered. */
export function defaultScope2Year(thisYear: number): number {
  return Math.max(FIRST_SCOPE2_YEAR, thisYear - 1);
}
