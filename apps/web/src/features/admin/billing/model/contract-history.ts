/**
 * The first day of a point's earliest contract version: its terms before the
 * first recorded change, which held all along (the server's SINCE_ALWAYS,
 * decision 0081). Shown as "at first", not as a date.
 */
export const SINCE_ALWAYS = '2000-01-01';
