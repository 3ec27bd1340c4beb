// Layout checks a journey runs on what it shows: text that spills out of its box, or into another's.
import type { Locator } from '@playwright/test';

export interface Spill {
  readonly text: string;
  readonly why: string;
}

/**
 * The texts among `selector` inside `container` that reach past their own box, or whose ink meets
 * another's (within a pixel): "0.147945 USDTDec 12, 2026" is two figures run together.
 */
export function spills(container: Locator, selector: string): Promise<Spill[]> {
  return container.evaluate((root, cellSelector) => {
    const boxes = [...root.querySelectorAll(cellSelector)].map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return {
        cell,
        text: cell.textContent ?? '',
        own: cell.getBoundingClientRect(),
        ink: range.getBoundingClientRect(),
      };
    });
    const found: Array<{ text: string; why: string }> = [];
    for (const box of boxes) {
      if (box.ink.right > box.own.right + 1 || box.ink.left < box.own.left - 1) {
        found.push({ text: box.text, why: `text ${box.ink.width}px wide in a ${box.own.width}px box` });
      }
      for (const other of boxes) {
        if (other === box || other.cell.contains(box.cell) || box.cell.contains(other.cell)) continue;
        const apart =
          box.ink.right <= other.ink.left + 1 ||
          other.ink.right <= box.ink.left + 1 ||
          box.ink.bottom <= other.ink.top + 1 ||
          other.ink.bottom <= box.ink.top + 1;
        if (!apart) found.push({ text: box.text, why: `runs into "${other.text}"` });
      }
    }
    return found;
  }, selector);
}
