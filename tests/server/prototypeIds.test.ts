import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { StatBlock } from '../../src/schema/statBlock';
import { placeToken } from '../../src/table/writers/tokenWriters';
import { api, connectClient, createRoom, invite, useTestServer, waitFor } from './helpers';
import type { TestClient } from './helpers';

/**
 * Ids are ordinary strings: an id that names a property of Object.prototype must be refused (or
 * found) like any other unknown id, never answer 500 nor read the prototype as a token.
 */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;

/** Every intent kind that names an id, with valid values for its other fields. */
const TEMPLATES: Record<string, unknown>[] = [
  { kind: 'move', tokenId: 'ana', path: [{ x: 1, y: 2 }] },
  { kind: 'attack', attackerId: 'ana', targetId: 'orc', abilityId: 'basic-melee' },
  {
    kind: 'area',
    casterId: 'ana',
    abilityId: 'basic-melee',
    placement: { primary: { kind: 'blast', center: { x: 5, y: 5 } } },
  },
  { kind: 'effect', userId: 'ana', abilityId: 'basic-melee', targetId: 'orc' },
  { kind: 'save', tokenId: 'ana', statusId: 'slow' },
  { kind: 'start-turn', tokenId: 'ana' },
  { kind: 'end-turn', tokenId: 'ana' },
  { kind: 'basic-action', tokenId: 'ana', action: 'rescue', targetId: 'orc' },
  { kind: 'drink-elixir', tokenId: 'ana' },
  { kind: 'surrender', tokenId: 'ana' },
  { kind: 'apply-result', logId: 'log-1' },
  { kind: 'discard-result', logId: 'log-1' },
  { kind: 'adjust-hp', tokenId: 'ana', amount: 1 },
  { kind: 'add-status', tokenId: 'ana', statusId: 'slow' },
  { kind: 'remove-status', tokenId: 'ana', statusId: 'slow' },
  { kind: 'add-blight', tokenId: 'ana', blightId: 'burning' },
  { kind: 'remove-blight', tokenId: 'ana', blightId: 'burning' },
  { kind: 'reveal', tokenId: 'ana' },
  { kind: 'hide', tokenId: 'ana' },
];
const ID_FIELDS = [
  'tokenId',
  'attackerId',
  'targetId',
  'abilityId',
  'casterId',
  'userId',
  'statusId',
  'logId',
];

/** One case per (intent kind, id field, prototype name). */
const CASES = TEMPLATES.flatMap((template) =>
  ID_FIELDS.filter((field) => field in template).flatMap((field) =>
    PROTOTYPE_NAMES.map((name) => ({ intent: { ...template, [field]: name }, field, name })),
  ),
);

describe('prototype-named ids', () => {
  // Hundreds of intents from one token: above the default 10 per second on purpose.
  const server = useTestServer(undefined, { limits: { intents: { burst: 10_000, perSecond: 10_000 } } });
  let roomId: string;
  let gmToken: string;
  let protoToken: string;
  let gm: TestClient;
  let gmSecrets: TestClient;

  beforeAll(async () => {
    ({ roomId, gmToken } = await createRoom(server.origin));
    // A player who commands characters with those names (none of which exist), and 'ana'.
    protoToken = await invite(server.origin, roomId, gmToken, 'Proto', ['ana', ...PROTOTYPE_NAMES]);
    gm = connectClient(server.wsUrl, roomId, gmToken);
    gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    server.keep(gm, gmSecrets);
    await Promise.all([gm.synced, gmSecrets.synced]);
    const docs = { public: gm.doc, secrets: gmSecrets.doc };
    const party = JSON.parse(readFileSync('encounters/parties/sample-party.json', 'utf8')) as {
      characters: [StatBlock];
    };
    const skirmish = JSON.parse(readFileSync('encounters/arena-skirmish.json', 'utf8')) as {
      foes: [{ statBlock: StatBlock }];
    };
    const base = { size: 1, combatant: true };
    placeToken(
      docs,
      { ...base, id: 'ana', name: 'Ana', cell: { x: 0, y: 2 }, side: 'party', ownerIds: ['ana'] },
      { statBlock: party.characters[0] },
    );
    placeToken(
      docs,
      { ...base, id: 'orc', name: 'Orc', cell: { x: 1, y: 3 }, side: 'foes', ownerIds: [] },
      { statBlock: skirmish.foes[0].statBlock },
    );
    const room = server.room(roomId);
    await waitFor(() => room.public.doc.getMap('tokens').has('orc'), 'tokens placed');
  });

  const post = (token: string, intent: unknown) =>
    api<{ ok: boolean; reason?: string }>(server.origin, `/api/rooms/${roomId}/intents`, {
      token,
      body: intent,
    });
  const state = () => {
    const room = server.room(roomId);
    return [Y.encodeStateAsUpdate(room.public.doc), Y.encodeStateAsUpdate(room.secrets.doc)];
  };

  /** Out of combat, then in combat (other checks come first there, then the id lookups). */
  for (const phase of ['out of combat', 'in combat'] as const) {
    it(`refuses every id-taking intent naming ${PROTOTYPE_NAMES.join(', ')} (${phase}), for GM and player`, async () => {
      if (phase === 'in combat') expect((await post(gmToken, { kind: 'start-combat' })).body.ok).toBe(true);
      const failures: string[] = [];
      for (const { intent, field, name } of CASES) {
        for (const [who, token] of [
          ['GM', gmToken],
          ['player', protoToken],
        ] as const) {
          const before = state();
          const { status, body } = await post(token, intent);
          const after = state();
          const what = `${who} ${String(intent.kind)} with ${field}=${name}`;
          if (status === 500) failures.push(`${what}: 500 ${body.reason}`);
          else if (status !== 200 || body.ok !== false || !body.reason)
            failures.push(`${what}: expected a refusal, got ${status} ${JSON.stringify(body)}`);
          else if (/prototype|function|\[object|undefined|null|server error/i.test(body.reason))
            failures.push(`${what}: refusal leaks internals: ${body.reason}`);
          if (Buffer.compare(before[0]!, after[0]!) || Buffer.compare(before[1]!, after[1]!))
            failures.push(`${what}: changed the room`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('a token whose id is "constructor" is an ordinary token: its owner moves it', async () => {
    const party = JSON.parse(readFileSync('encounters/parties/sample-party.json', 'utf8')) as {
      characters: [StatBlock];
    };
    placeToken(
      { public: gm.doc, secrets: gmSecrets.doc },
      {
        size: 1,
        combatant: true,
        id: 'constructor',
        name: 'Statue',
        cell: { x: 6, y: 0 },
        side: 'party',
        ownerIds: ['constructor'],
      },
      { statBlock: party.characters[0] },
    );
    const room = server.room(roomId);
    await waitFor(() => room.public.doc.getMap('tokens').has('constructor'), 'token placed');
    await post(gmToken, { kind: 'end-combat' });
    const { status, body } = await post(protoToken, {
      kind: 'move',
      tokenId: 'constructor',
      path: [{ x: 7, y: 0 }],
    });
    expect({ status, ok: body.ok, reason: body.reason }).toEqual({
      status: 200,
      ok: true,
      reason: undefined,
    });
  });
});
