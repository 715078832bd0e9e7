import type { Figure } from '@/lib/format';

/**
 * A card figure that fits its card (issue #23): the compact text is what the
 * eye sees, the full value is on hover (title) and is what a screen reader
 * reads. The full text comes first, so the element's text starts with the
 * exact value (what tools that read a figure's text rely on).
 */
export function FigureText({ figure }: { figure: Figure }) {
  if (figure.compact === figure.full) return <>{figure.full}</>;
  return (
    <span className="wb-figure" title={figure.full}>
      <span className="wb-visually-hidden">{figure.full}</span>
      <span aria-hidden="true">{figure.compact}</span>
    </span>
  );
}
