/**
 * Series colours, matching the design tokens (tokens.css) so charts and cards
 * read as one palette; chosen to stay distinguishable for the common
 * colour-vision deficiencies (teal / amber / indigo / rose).
 */
export const chartColors = {
  energy: '#0f766e',
  reverse: '#d97706',
  average: '#4f46e5',
  max: '#e11d48',
  /** The typical day's dashed line: neutral, a reference beside the measured lines. */
  typical: '#64748b',
  axis: '#5b6875',
  grid: '#dde3ea',
} as const;

/** Heatmap levels low → high: pale to strong teal, high in amber so it stands out. */
export const levelColors = {
  low: '#cdeeea',
  mid: '#5fb8ad',
  high: '#d97706',
} as const;

/** A heatmap hour without data (not begun yet, or a gap): neutral grey, never a level's colour. */
export const noDataColor = '#e8ebef';
