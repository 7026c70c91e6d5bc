import { describe, expect, it } from 'vitest';
import { labelLines, shortLabel } from '../../src/render/drawnToken';

describe('token labels on the map (issue 12, dead end 9)', () => {
  it('shows the whole name, broken between words, not just the first word', () => {
    expect(labelLines('Hollow Husk 1', 9)).toEqual(['Hollow', 'Husk 1']);
    expect(labelLines('Temple Sentry 2', 9)).toEqual(['Temple', 'Sentry 2']);
    expect(labelLines('Ana', 9)).toEqual(['Ana']);
    expect(labelLines('Maren (Stalwart)', 18)).toEqual(['Maren (Stalwart)']);
  });

  it('shortens what does not fit with "…", keeping the number that tells duplicates apart', () => {
    expect(labelLines('Bartholomew the Great of the Northern Marches 2', 10)).toEqual([
      'Bartholom…',
      'the Gre… 2',
    ]);
    const a = labelLines('Ancient Crystal Guardian of the Vault 1', 9);
    const b = labelLines('Ancient Crystal Guardian of the Vault 2', 9);
    expect(a).not.toEqual(b);
    for (const line of [...a, ...b]) expect(line.length).toBeLessThanOrEqual(9);
  });
});

describe('shortLabel (a token zoomed out too far for its name)', () => {
  it('keeps a duplicate’s number after its initials', () => {
    expect(shortLabel('Pit Gladiator 1')).toBe('PG1');
    expect(shortLabel('Hollow Husk 12')).toBe('HH12');
    expect(shortLabel('Maren (Stalwart)')).toBe('MS');
    expect(shortLabel('Ogre')).toBe('OG');
  });
});
