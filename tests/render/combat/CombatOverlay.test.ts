import { describe, expect, it } from 'vitest';

describe('CombatOverlay', () => {
  it('draws each part in world pixels and clears what is no longer given', async () => {
    // PixiJS reads navigator at import; its Graphics geometry needs no renderer.
    globalThis.navigator ??= { userAgent: 'node' } as Navigator;
    const { CombatOverlay } = await import('../../../src/render/combat/CombatOverlay');
    const overlay = new CombatOverlay(64);
    overlay.set({
      area: {
        squares: [
          { x: 6, y: 2 },
          { x: 7, y: 2 },
          { x: 8, y: 4 },
        ],
        legal: true,
        attackSpace: { x: 7, y: 3 },
        affected: [{ cell: { x: 6, y: 3 }, size: 1 }],
      },
    });
    const area = overlay.container.getChildByLabel('area');
    const b = area!.getLocalBounds();
    // Squares 6..8 × 2..4 (inset 1 px, stroke half-width 0.75 and the affected outline's 2 px).
    expect(b.x).toBeCloseTo(6 * 64, -1);
    expect(b.x + b.width).toBeCloseTo(9 * 64, -1);
    expect(b.y).toBeCloseTo(2 * 64, -1);
    expect(b.y + b.height).toBeCloseTo(5 * 64, -1);
    expect(overlay.container.getChildByLabel('sight')!.getLocalBounds().width).toBe(0);
    overlay.set({});
    expect(area!.getLocalBounds().width).toBe(0);
  });
});
