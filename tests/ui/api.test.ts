import { describe, expect, it } from 'vitest';
import { ApiError, linkPath, normaliseListing, serverReason } from '../../src/ui/api';

describe('catalog listings for the create-room screen', () => {
  it('reads `GET /api/parties` ({ files: [...] }) into the party list', () => {
    expect(normaliseListing({ files: ['sample-party.json', 'heroes.json'] })).toEqual([
      { file: 'sample-party.json', label: 'sample-party.json' },
      { file: 'heroes.json', label: 'heroes.json' },
    ]);
  });

  it('takes objects with a title, and drops entries without a file name', () => {
    expect(
      normaliseListing([{ file: 'arena.json', title: 'Arena' }, { title: 'nameless' }, 'ruins.json']),
    ).toEqual([
      { file: 'arena.json', label: 'Arena' },
      { file: 'ruins.json', label: 'ruins.json' },
    ]);
  });
});

describe('server answers', () => {
  it('keeps the server’s reason word for word', () => {
    expect(
      serverReason(400, 'Bad Request', { ok: false, reason: 'room file:\n  public.map.width: Too small' }),
    ).toBe('room file:\n  public.map.width: Too small');
    expect(serverReason(403, 'Forbidden', { error: 'not the GM of this room' })).toBe(
      'not the GM of this room',
    );
    expect(serverReason(502, 'Bad Gateway', 'upstream down')).toBe('502 Bad Gateway: upstream down');
    expect(serverReason(500, 'Internal Server Error', undefined)).toBe('500 Internal Server Error');
  });

  it('an ApiError carries status and reason, its message names the route', () => {
    const e = new ApiError('/api/rooms/import', 429, 'too many rooms');
    expect([e.status, e.reason, e.message]).toEqual([
      429,
      'too many rooms',
      '/api/rooms/import: too many rooms',
    ]);
  });

  it('opens a server-built link on this page’s origin', () => {
    expect(linkPath('http://0.0.0.0:8080/?room=r1&token=abc')).toBe('/?room=r1&token=abc');
    expect(linkPath('/?room=r1&token=abc')).toBe('/?room=r1&token=abc');
  });
});
