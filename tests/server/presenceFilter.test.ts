import { describe, expect, it } from 'vitest';
import { sanitizePresence } from '../../src/server/presenceFilter';

const KIM = { name: 'Kim', role: 'player' } as const;
const visible = (id: string) => id !== 'secret';

describe('sanitizePresence', () => {
  it("replaces a presence state's user name and role with the token's, keeping the rest", () => {
    const forged = { user: { name: 'GM', role: 'gm', color: 'red' }, cursor: { x: 1, y: 2 } };
    expect(sanitizePresence(forged, 7, KIM, visible)).toEqual({
      user: { name: 'Kim', role: 'player', color: 'red' },
      cursor: { x: 1, y: 2 },
      drag: null,
      ruler: null,
      ping: null,
    });
  });

  it('drops unknown fields, and a drag of a hidden token together with its cursor', () => {
    const state = {
      user: { name: 'GM', role: 'gm', color: 'red' },
      cursor: { x: 3, y: 3 },
      drag: { tokenId: 'secret', cell: { x: 3, y: 3 } },
      hover: 'secret',
    };
    expect(sanitizePresence(state, 7, KIM, visible)).toEqual({
      user: { name: 'Kim', role: 'player', color: 'red' },
      cursor: null,
      drag: null,
      ruler: null,
      ping: null,
    });
    expect(sanitizePresence(null, 7, KIM, visible)).toBeUndefined();
  });

  it('drops a ruler from a hidden token (issue 15), keeping the cursor; a visible ruler passes', () => {
    const ruler = { from: { x: 3, y: 3 }, waypoints: [{ x: 4, y: 4 }], to: { x: 6, y: 6 } };
    const state = {
      user: { name: 'GM', role: 'gm', color: 'red' },
      cursor: { x: 6, y: 6 },
      ruler: { ...ruler, tokenId: 'secret' },
    };
    expect(sanitizePresence(state, 7, KIM, visible)).toMatchObject({ cursor: { x: 6, y: 6 }, ruler: null });
    const shown = { ...state, ruler: { ...ruler, tokenId: 'hero' } };
    expect(sanitizePresence(shown, 7, KIM, visible)?.ruler).toEqual({ ...ruler, tokenId: 'hero' });
    expect(sanitizePresence({ ...state, ruler }, 7, KIM, visible)?.ruler).toEqual(ruler);
  });
});
