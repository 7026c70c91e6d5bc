import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attackContext, makeBattlefield, parseAsciiMap, SPACE, terrainOf } from '../../../src/grid';
import { attackerThreat, positionsBefore, threatsAt } from '../../../src/rules/threat/threatMap';
import { threatAbilities } from '../../../src/rules/threat/threatAbilities';
import { field } from '../../grid/helpers';
import { ability, foe, settings } from '../fixtures';
import { threatPicture } from './threatPictures';

const claw = (cost: '1-action' | '2-actions' | 'free' = '1-action') =>
  ability({
    name: 'Claw',
    cost,
    tags: { attack: true },
    range: 1,
    attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
  });
const bow = ability({
  name: 'Bow',
  cost: '1-action',
  tags: { attack: true },
  range: 4,
  attack: { kind: 'ranged', onHit: { damage: { tier: 'light' } } },
});
const breath = ability({
  name: 'Breath',
  cost: '2-actions',
  tags: { attack: true },
  area: { primary: { kind: 'line', size: 3 } },
  attack: { kind: 'melee', onHit: { damage: { tier: 'heavy' } } },
});
const slam = ability({
  name: 'Slam',
  cost: '2-actions',
  tags: { attack: true },
  area: { primary: { kind: 'close-blast', size: 1 } },
  attack: { kind: 'melee', onHit: { damage: { tier: 'heavy' } } },
});
const picture = (rows: string) =>
  rows
    .trim()
    .split('\n')
    .map((r) => r.trim())
    .join('\n');

// A foe `f` engaged by a party character `P` beside it (docs/ui.md "Threat map").
const engaged = () =>
  field(`
    . . . . . . . . .
    . . . . . . . . .
    . . . . f P . . .
    . . . . . . . . .
    . . . . . . . . .`);

describe('threat map: exact squares (docs/ui.md "Threat map")', () => {
  it('a melee foe with a heavy attack and Speed 1, engaged: leaving costs 2, so it attacks from where it stands', () => {
    const f = foe('f', {}, { speed: 1, abilities: [claw('2-actions')] });
    expect(threatPicture(engaged(), f)).toBe(
      picture(`
        .........
        ...XXX...
        ...XfP...
        ...XXX...
        .........`),
    );
  });

  it('Speed 2 and a light attack: its move plus a Run (3 squares), paying 1 more to leave engagement', () => {
    const f = foe('f', {}, { speed: 2, abilities: [claw()] });
    expect(threatPicture(engaged(), f)).toBe(
      picture(`
        ..XXXX...
        .XXXXX...
        .XXXfP...
        .XXXXX...
        ..XXXX...`),
    );
  });

  it('a free attack leaves two actions for a Dash, which ignores engagement (it still cannot pass P)', () => {
    const f = foe('f', {}, { speed: 1, abilities: [claw('free')] });
    expect(threatAbilities(f, settings(), settings().statuses, null)[0]!.move).toEqual({ walk: 2, dash: 2 });
    expect(threatPicture(engaged(), f)).toBe(
      picture(`
        ..XXXXX..
        .XXXXXX..
        .XXXfPX..
        .XXXXXX..
        ..XXXXX..`),
    );
  });

  it('a ranged foe on a height-2 ledge: +2 range below it, blind at the foot of the ledge, cover behind the low wall', () => {
    const bf = field(
      `
      2 2 2 . . . . . . .
      2 r 2 . . . . . . .
      2 2 2 . . . 1 . . .
      . . . . . . 1 . . .
      . . . . . . 3 . . .
      . . . . . . . . . .
      . . . . . . . . . .`,
      { standOn: { r: 2 } },
    );
    const r = foe('r', {}, { speed: 0, abilities: [bow] });
    expect(threatPicture(bf, r)).toBe(
      picture(`
        XXX.XXXX..
        XrX.XXXX..
        XXX.XXXX..
        ....XXXc..
        XXXXXX3c..
        XXXXXXXX..
        XXXXXXXX..`),
    );
    // The inspector names the attack, where from, and the cover it leaves.
    const threat = attackerThreat({ bf, settings: settings(), catalog: settings().statuses, turn: null }, r);
    expect(threatsAt([threat], 7, 3)).toEqual([
      {
        attackerId: 'r',
        ability: bow,
        basic: false,
        from: { x: 1, y: 1 },
        fromIndex: 0,
        space: 'attack',
        cover: true,
      },
    ]);
  });

  it('a Line 3 from a foe that cannot move: four lines, the one into a wall stops at nobody inside it', () => {
    const bf = field(`
      . . . . . . . .
      . . . . . . . .
      . . . # . . . .
      . . . l . . . .
      . . . . . . . .
      . . . . . . . .`);
    expect(threatPicture(bf, foe('l', {}, { speed: 0, abilities: [breath] }))).toBe(
      picture(`
        ...X....
        ...X....
        ...#....
        XXXlXXX.
        ...X....
        ...X....`),
    );
  });

  it('a Close blast 1: its centre (the attack space) two squares out, the rest area only', () => {
    const bf = field(`
      . . . . . . . .
      . . . . . . . .
      . . . # . . . .
      . . . l . . . .
      . . . . . . . .
      . . . . . . . .`);
    expect(threatPicture(bf, foe('l', {}, { speed: 0, abilities: [slam] }))).toBe(
      picture(`
        aaaaaaa.
        aXXXXXa.
        aXa#aXa.
        aXalaXa.
        aXaaaXa.
        aXXXXXa.`),
    );
  });

  it('a foe that already attacked this round, on its turn, threatens nothing more', () => {
    const f = foe('f', { attackedThisRound: true }, { speed: 2, abilities: [claw()] });
    const now = { actorId: 'f', turnSerial: 3 };
    expect(threatAbilities(f, settings(), settings().statuses, now)).toEqual([]);
    // Judged at the start of its next turn instead (someone else acting), it threatens again.
    expect(threatAbilities(f, settings(), settings().statuses, { actorId: 'P', turnSerial: 3 })).toHaveLength(
      1,
    );
  });
});

describe('threat map agrees with the resolution', () => {
  // Random small maps: every empty square is threatened exactly when some position the foe can
  // reach has it legal by attackContext (the check the attack intent makes).
  const arb = fc.record({
    codes: fc.array(fc.constantFrom('.', '.', '.', '#', '~', '1', '2'), { minLength: 36, maxLength: 36 }),
    speed: fc.integer({ min: 0, max: 3 }),
    ranged: fc.boolean(),
    range: fc.integer({ min: 1, max: 4 }),
  });
  it('every square a single-target attack threatens is legal from some reachable position, and no other', () => {
    fc.assert(
      fc.property(arb, ({ codes, speed, ranged, range }) => {
        codes[0] = '.';
        codes[35] = '.';
        const rows = Array.from({ length: 6 }, (_, y) => codes.slice(y * 6, y * 6 + 6).join(''));
        const { map } = parseAsciiMap(rows.join('\n'));
        const occupants = [
          { id: 'f', cell: { x: 0, y: 0 }, size: 1, side: 'foes' as const },
          { id: 'P', cell: { x: 5, y: 5 }, size: 1, side: 'party' as const },
        ];
        const bf = makeBattlefield(map, occupants);
        const attack = ability({
          name: 'Hit',
          cost: '1-action',
          tags: { attack: true },
          range,
          attack: { kind: ranged ? 'ranged' : 'melee', onHit: { damage: { tier: 'light' } } },
        });
        const f = foe('f', {}, { speed, abilities: [attack] });
        const input = { bf, settings: settings(), catalog: settings().statuses, turn: null };
        const threat = attackerThreat(input, f).abilities[0]!;
        const positions = positionsBefore(
          bf,
          'f',
          threatAbilities(f, settings(), settings().statuses, null)[0]!.move,
        );
        const t = terrainOf(map);
        for (let y = 0; y < 6; y++) {
          for (let x = 0; x < 6; x++) {
            const k = y * 6 + x;
            // Skipped: walls, P's square, and the foe's own (nobody else stands there).
            if (t.type[k] === SPACE.impassable || (x === 5 && y === 5) || (x === 0 && y === 0)) continue;
            const legalFrom = positions.filter((p) => {
              if (p.x === x && p.y === y) return false;
              const moved = makeBattlefield(map, [
                { id: 'f', cell: p, size: 1, side: 'foes' },
                { id: 'T', cell: { x, y }, size: 1, side: 'party' },
              ]);
              return attackContext(moved, 'f', 'T', { kind: ranged ? 'ranged' : 'melee', range }).legal;
            });
            expect(threat.squares.attack[k]! >= 0, `square (${x},${y})`).toBe(legalFrom.length > 0);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
