import { describe, expect, it } from 'vitest';
import { PENDING_FLASH_MS, PendingAttention } from '../../../src/ui/combat/resultPanelPending';

/** The few DOM members PendingAttention touches, recorded so the test can read what it did. */
function fakeBlock() {
  const classes = new Set<string>();
  const box = {
    isConnected: true,
    classList: { add: (name: string) => classes.add(name) },
    style: { animationDelay: '' },
  };
  let scrolls = 0;
  const target = { scrollIntoView: () => (scrolls += 1) };
  return {
    box: box as unknown as HTMLElement,
    target: target as unknown as HTMLElement,
    classes,
    style: box.style,
    scrolls: () => scrolls,
  };
}

describe('PendingAttention: a result waiting for this viewer draws the eye once', () => {
  it('scrolls once per entry, flashes for PENDING_FLASH_MS and resumes the flash on redraw', () => {
    let now = 1_000;
    const attention = new PendingAttention(() => now);
    const first = fakeBlock();
    attention.mark('log-1', first.box, first.target);
    expect(first.scrolls()).toBe(1);
    expect(first.classes.has('flash')).toBe(true);
    expect(first.style.animationDelay).toBe('-0ms');

    // Every snapshot redraws the panel: the same entry is not scrolled to again, and the flash
    // carries on from where it was.
    now += 500;
    const redraw = fakeBlock();
    attention.mark('log-1', redraw.box, redraw.target);
    expect(redraw.scrolls()).toBe(0);
    expect(redraw.style.animationDelay).toBe('-500ms');

    // Once the flash time is over, a redraw shows the block without the flash.
    now += PENDING_FLASH_MS;
    const late = fakeBlock();
    attention.mark('log-1', late.box, late.target);
    expect(late.classes.has('flash')).toBe(false);

    // A new pending entry gets its own scroll and flash.
    const next = fakeBlock();
    attention.mark('log-2', next.box, next.target);
    expect(next.scrolls()).toBe(1);
    expect(next.classes.has('flash')).toBe(true);
  });

  it('does nothing for a block that is not in the document yet', () => {
    const attention = new PendingAttention(() => 0);
    const detached = fakeBlock();
    (detached.box as unknown as { isConnected: boolean }).isConnected = false;
    attention.mark('log-1', detached.box, detached.target);
    expect(detached.scrolls()).toBe(0);
    expect(detached.classes.has('flash')).toBe(false);
  });
});
