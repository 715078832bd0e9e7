import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

export interface ScrollEdges {
  /** Content hidden on the left (scrolled away from the start). */
  start: boolean;
  /** Content hidden on the right (more columns to scroll to). */
  end: boolean;
}

/** Which sides of a sideways-scrolling box hide content; 1 px of slack for subpixel widths. */
export function scrollEdges(box: {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}): ScrollEdges {
  const left = Math.abs(box.scrollLeft);
  return { start: left > 1, end: left + box.clientWidth < box.scrollWidth - 1 };
}

/** scrollEdges of the box, kept current as it scrolls, resizes or its content changes. */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const next = scrollEdges(box);
      setEdges((last) => (last.start === next.start && last.end === next.end ? last : next));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    // Rows arrive after the first render (and live updates change widths).
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}
