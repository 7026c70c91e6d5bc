import { describe, expect, it } from 'vitest';
import { api, useTestServer } from './helpers';

interface Entry {
  id: string;
  kind: string;
  data: { name: string };
}

/** Every starter entry goes into a library, out as an export and back in through an import unchanged. */
const server = useTestServer();

describe('the starter set round-trips', () => {
  it('export → import gives every entry back exactly as it was', async () => {
    const starter = (await api<{ entries: Entry[] }>(server.origin, '/api/library/starter')).body;
    expect(starter.entries.length).toBeGreaterThan(10);
    const { key } = (await api<{ key: string }>(server.origin, '/api/libraries', { body: {} })).body;
    const put = await api<{ added: number }>(server.origin, '/api/library/import', {
      token: key,
      body: starter,
    });
    expect(put.body).toEqual({ added: starter.entries.length, replaced: 0 });
    const exported = (await api<{ entries: Entry[] }>(server.origin, '/api/library/export', { token: key }))
      .body;

    const { key: other } = (await api<{ key: string }>(server.origin, '/api/libraries', { body: {} })).body;
    expect((await api(server.origin, '/api/library/import', { token: other, body: exported })).status).toBe(
      200,
    );
    const again = (await api<{ entries: Entry[] }>(server.origin, '/api/library/export', { token: other }))
      .body;
    const content = (file: { entries: Entry[] }) =>
      Object.fromEntries(file.entries.map((e) => [e.id, { kind: e.kind, data: e.data }]));
    expect(content(again)).toEqual(content(exported));
    expect(content(exported)).toEqual(content(starter));
  });
});
