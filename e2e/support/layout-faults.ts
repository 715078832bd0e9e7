import type { Page } from 'playwright-core';

/** A piece of text that runs out of its card or the screen, or lies on other text. */
export interface LayoutFault {
  kind: 'outside card' | 'outside screen' | 'overlap' | 'clipped';
  text: string;
  other?: string;
  where: string;
}

/**
 * Measures what the page shows now, from the rendered boxes (not a list of
 * known places): every visible text node's line boxes against
 * - its card (`.wb-card`, `.wb-ov-card`), or the scroll box between them;
 * - the screen's width, unless a scroll box holds it;
 * - every other text's boxes in the same layer (an overlay such as a dialog,
 *   a toast or a fixed header is a layer of its own);
 * and every element that cuts its own text off without an ellipsis.
 * Runs in the page; returns at most 20 faults.
 */
export async function layoutFaults(page: Page): Promise<LayoutFault[]> {
  return page.evaluate(() => {
    const SLACK = 1.5; // sub-pixel rounding
    const OVERLAP = 3; // px both ways before two texts count as on each other
    type Box = { left: number; right: number; top: number; bottom: number };
    const faults: LayoutFault[] = [];
    const describe = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && parts.length < 4; e = e.parentElement) {
        const cls = Array.from(e.classList)
          .filter((c) => c.startsWith('wb-'))
          .slice(0, 2);
        const id = e.getAttribute('data-testid');
        parts.push(
          e.tagName.toLowerCase() + (id ? `[${id}]` : '') + cls.map((c) => `.${c}`).join(''),
        );
      }
      return parts.join(' < ');
    };
    const isScrollBox = (el: Element) => {
      const style = getComputedStyle(el);
      return /(auto|scroll)/.test(style.overflowX + style.overflowY);
    };
    const isLayer = (el: Element) => {
      const style = getComputedStyle(el);
      return (
        style.position === 'fixed' ||
        style.position === 'sticky' ||
        el.matches('[role="dialog"], [role="tooltip"], [role="menu"], [role="listbox"], .Toastify')
      );
    };
    const visuallyHidden = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.clipPath !== 'none' || (style.clip !== 'auto' && style.position === 'absolute')) {
          return true;
        }
        const r = e.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) return true;
      }
      return false;
    };

    interface Piece {
      text: string;
      el: Element;
      boxes: Box[];
      layer: Element | null;
    }
    const pieces: Piece[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (
        !text ||
        !el ||
        el.closest('script, style, noscript, svg, option, [aria-hidden="true"]')
      ) {
        continue;
      }
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (visuallyHidden(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const drawn = Array.from(range.getClientRects())
        .filter((r) => r.width >= 2 && r.height >= 2)
        .map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom }));
      // What the boxes on the way up let show: text scrolled out of sight is not on screen,
      // and text cut off sideways by a box that does not scroll has nothing to say so.
      let cut = false;
      const ellipsis = getComputedStyle(el).textOverflow === 'ellipsis';
      const boxes = drawn.flatMap((box) => {
        let b: Box | null = box;
        for (let e: Element | null = el; e && b; e = e.parentElement) {
          if (e === document.documentElement || e === document.body) break;
          const overflow = getComputedStyle(e);
          if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible') continue;
          const r = e.getBoundingClientRect();
          if (
            /(hidden|clip)/.test(overflow.overflowX) &&
            !ellipsis &&
            (b.right > r.right + SLACK || b.left < r.left - SLACK)
          ) {
            cut = true;
          }
          const clipped: Box = {
            left: Math.max(b.left, r.left),
            right: Math.min(b.right, r.right),
            top: Math.max(b.top, r.top),
            bottom: Math.min(b.bottom, r.bottom),
          };
          b =
            clipped.right - clipped.left >= 2 && clipped.bottom - clipped.top >= 2 ? clipped : null;
        }
        return b ? [b] : [];
      });
      if (cut) faults.push({ kind: 'clipped', text, where: describe(el) });
      if (boxes.length === 0) continue;
      let layer: Element | null = null;
      for (let e: Element | null = el; e; e = e.parentElement) {
        if (isLayer(e)) {
          layer = e;
          break;
        }
      }
      pieces.push({ text: text.slice(0, 60), el, boxes, layer });

      // Its card, or the scroll box on the way there (which it may scroll within).
      let frame: Element | null = null;
      let scrolls = false;
      for (let e: Element | null = el.parentElement; e; e = e.parentElement) {
        if (isScrollBox(e) && e !== document.documentElement && e !== document.body) {
          scrolls = true;
          break;
        }
        if (e.matches('.wb-card, .wb-ov-card')) {
          frame = e;
          break;
        }
      }
      const outside = (b: Box, f: Box) =>
        b.left < f.left - SLACK ||
        b.right > f.right + SLACK ||
        b.top < f.top - SLACK ||
        b.bottom > f.bottom + SLACK;
      if (frame) {
        const f = frame.getBoundingClientRect();
        if (boxes.some((b) => outside(b, f))) {
          faults.push({ kind: 'outside card', text, where: describe(el) });
        }
      }
      if (!scrolls && !layer?.matches('[role="dialog"]')) {
        const width = document.documentElement.clientWidth;
        if (boxes.some((b) => b.right > width + SLACK || b.left < -SLACK)) {
          faults.push({ kind: 'outside screen', text, where: describe(el) });
        }
      }
    }

    const intersects = (a: Box, b: Box) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > OVERLAP &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > OVERLAP;
    for (let i = 0; i < pieces.length && faults.length < 20; i++) {
      for (let j = i + 1; j < pieces.length; j++) {
        const a = pieces[i]!;
        const b = pieces[j]!;
        if (a.layer !== b.layer || a.el === b.el) continue;
        if (a.boxes.some((x) => b.boxes.some((y) => intersects(x, y)))) {
          faults.push({ kind: 'overlap', text: a.text, other: b.text, where: describe(a.el) });
          break;
        }
      }
    }
    return faults.slice(0, 20);
  });
}
