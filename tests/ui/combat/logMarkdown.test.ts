import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../src/schema/logEntry';
import { LogEntrySchema } from '../../../src/schema/logEntry';
import { actorPrefix, logMarkdown } from '../../../src/ui/combat/logMarkdown';

const T0 = Date.UTC(2026, 10, 21, 19, 30, 0);
const entry = (e: Partial<LogEntry> & Pick<LogEntry, 'id' | 'kind' | 'summary'>): LogEntry =>
  LogEntrySchema.parse({ at: T0, actor: 'gm', ...e });

const LOG: LogEntry[] = [
  entry({ id: 'a', kind: 'turn', summary: 'Combat starts: round 1, party side first' }),
  entry({
    id: 'b',
    kind: 'turn',
    actor: 'ranger',
    summary: 'Ranger starts their turn (round 1)',
    at: T0 + 5_000,
  }),
  entry({
    id: 'c',
    kind: 'attack',
    actor: 'ranger',
    at: T0 + 12_000,
    summary: 'Ranger uses Basic melee attack on Brute: hit',
    details: [
      '  1 boon (height-advantage): attacker stands 2 levels higher',
      'to hit: d20 12 + 3 bonus + 2 = 17 vs Defense 10 → HIT',
    ],
    dice: [
      [20, 12],
      [6, 2],
      [6, 5],
      [6, 4],
    ],
  }),
  entry({
    id: 'd',
    kind: 'gm',
    summary: 'GM: Lurker 20 → 15 HP (GM adjustment)',
    gmOnly: true,
    at: T0 + 20_000,
  }),
  entry({ id: 'e', kind: 'turn', summary: 'Round 2 begins: foes side first', at: T0 + 60_000 }),
  entry({ id: 'f', kind: 'note', summary: 'The *door* | creaks', at: T0 + 61_000 }),
];

describe('logMarkdown', () => {
  it('writes rounds as sections, entries as bullets with their trace and dice; hides GM-only lines from players', () => {
    expect(logMarkdown(LOG, { title: 'Arena', names: { ranger: 'Ranger' } })).toBe(
      [
        '# Arena — combat log',
        '',
        '## Round 1',
        '',
        '- `19:30:00` **Turn** — GM: Combat starts: round 1, party side first',
        '- `19:30:05` **Turn** — Ranger starts their turn (round 1)',
        '- `19:30:12` **Attack** — Ranger uses Basic melee attack on Brute: hit',
        '',
        '  ```text',
        '    1 boon (height-advantage): attacker stands 2 levels higher',
        '  to hit: d20 12 + 3 bonus + 2 = 17 vs Defense 10 → HIT',
        '  ```',
        '',
        '  Dice: d20=12, d6=2, d6=5, d6=4',
        '',
        '## Round 2',
        '',
        '- `19:31:00` **Turn** — GM: Round 2 begins: foes side first',
        '- `19:31:01` **Note** — GM: The \\*door\\* \\| creaks',
        '',
      ].join('\n'),
    );
  });

  it('includes GM-only entries, marked, in the GM export', () => {
    const md = logMarkdown(LOG, { title: 'Arena', includeGmOnly: true });
    expect(md).toContain('- `19:30:20` **GM** — GM: Lurker 20 → 15 HP (GM adjustment) _(GM only)_');
    expect(md).toContain('ranger: Ranger starts their turn');
  });

  it('says so when there is nothing to export', () => {
    expect(logMarkdown([], { title: 'Empty' })).toBe('# Empty — combat log\n\n_No entries._\n');
  });

  it('names the actor once: no prefix when the summary already starts with the name', () => {
    expect(actorPrefix('Maren (Stalwart)', 'Maren (Stalwart) starts their turn')).toBeNull();
    expect(actorPrefix('GM', 'GM reverts: Ranger uses Basic melee attack on Brute: hit')).toBeNull();
    expect(actorPrefix('GM', 'Goblin gains the poisoned blight')).toBe('GM');
    expect(actorPrefix('Ana', 'Anastasia is hit')).toBe('Ana');
    expect(actorPrefix('Ana', 'Ana')).toBeNull();
  });
});
