import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { CLOSE_REFUSED, MESSAGE_REFUSED } from '../table/wireCodes';

export { CLOSE_REFUSED, MESSAGE_REFUSED };

/**
 * The y-websocket wire format (what `WebsocketProvider` speaks): every frame starts with a
 * varUint message type. Sync frames then carry a varUint sync step and a varUint8Array payload;
 * awareness frames carry a varUint8Array awareness update. MESSAGE_REFUSED is ours (see
 * docs/server.md): varUint 20 then a varString JSON `{reason}`.
 */
export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_AUTH = 2;
export const MESSAGE_QUERY_AWARENESS = 3;

export const SYNC_STEP_1 = 0;
export const SYNC_STEP_2 = 1;
export const SYNC_UPDATE = 2;

/** Close codes. 4403: a refused write (the client resyncs); 4400: a frame we cannot parse. */
export const CLOSE_MALFORMED = 4400;

export type ClientMessage =
  | { readonly type: 'sync-step-1'; readonly stateVector: Uint8Array }
  | { readonly type: 'sync-update'; readonly step: 'step-2' | 'update'; readonly update: Uint8Array }
  | { readonly type: 'awareness'; readonly update: Uint8Array }
  | { readonly type: 'query-awareness' }
  | { readonly type: 'auth' };

/** Parse one frame from a client; throws on anything malformed (trailing bytes included). */
export function parseClientMessage(frame: Uint8Array): ClientMessage {
  const decoder = decoding.createDecoder(frame);
  const type = decoding.readVarUint(decoder);
  let message: ClientMessage;
  switch (type) {
    case MESSAGE_SYNC: {
      const step = decoding.readVarUint(decoder);
      const payload = decoding.readVarUint8Array(decoder);
      if (step === SYNC_STEP_1) message = { type: 'sync-step-1', stateVector: payload };
      else if (step === SYNC_STEP_2) message = { type: 'sync-update', step: 'step-2', update: payload };
      else if (step === SYNC_UPDATE) message = { type: 'sync-update', step: 'update', update: payload };
      else throw new Error(`unknown sync step ${step}`);
      break;
    }
    case MESSAGE_AWARENESS:
      message = { type: 'awareness', update: decoding.readVarUint8Array(decoder) };
      break;
    case MESSAGE_QUERY_AWARENESS:
      return { type: 'query-awareness' };
    case MESSAGE_AUTH:
      return { type: 'auth' };
    default:
      throw new Error(`unknown message type ${type}`);
  }
  if (decoding.hasContent(decoder)) throw new Error('trailing bytes after message');
  return message;
}

export function encodeSyncStep1(stateVector: Uint8Array): Uint8Array {
  return encodeSync(SYNC_STEP_1, stateVector);
}

export function encodeSyncStep2(update: Uint8Array): Uint8Array {
  return encodeSync(SYNC_STEP_2, update);
}

export function encodeSyncUpdate(update: Uint8Array): Uint8Array {
  return encodeSync(SYNC_UPDATE, update);
}

/**
 * lib0's encoding of [MESSAGE_SYNC, step, payload as a varUint8Array], written straight into one
 * buffer of the exact size: every broadcast goes through here, and lib0's encoder (a first chunk,
 * then a second for the payload, then a copy of both) showed in the write path's cold-cache cost.
 */
function encodeSync(step: number, payload: Uint8Array): Uint8Array {
  const length = payload.byteLength;
  let lengthBytes = 1;
  for (let rest = length >>> 7; rest > 0; rest >>>= 7) lengthBytes += 1;
  const frame = new Uint8Array(2 + lengthBytes + length);
  frame[0] = MESSAGE_SYNC; // both below 128: a varUint of one byte
  frame[1] = step;
  let at = 2;
  let rest = length;
  while (rest > 0x7f) {
    frame[at++] = 0x80 | (rest & 0x7f);
    rest >>>= 7;
  }
  frame[at++] = rest;
  frame.set(payload, at);
  return frame;
}

export function encodeAwarenessMessage(awarenessUpdate: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(encoder, awarenessUpdate);
  return encoding.toUint8Array(encoder);
}

/**
 * An awareness frame with no entries: a no-op for the receiving awareness, but a message. The
 * y-websocket client closes a socket that heard nothing for 30 s and reconnects; quiet sockets
 * get this every KEEP_ALIVE_MS (Connection) so a quiet table never looks like a lost link.
 */
export const KEEP_ALIVE_FRAME: Uint8Array = encodeAwarenessMessage(encodeAwarenessEntries([]));

export function encodeRefused(reason: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_REFUSED);
  encoding.writeVarString(encoder, JSON.stringify({ reason }));
  return encoding.toUint8Array(encoder);
}

/** One entry of an awareness update: who it claims to be, its clock, its state (null = left). */
export interface AwarenessEntry {
  readonly clientID: number;
  readonly clock: number;
  readonly state: unknown;
}

/** Decode an awareness update (y-protocols/awareness layout); throws when malformed. */
export function parseAwarenessUpdate(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const entries: AwarenessEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const clientID = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const state: unknown = JSON.parse(decoding.readVarString(decoder));
    entries.push({ clientID, clock, state });
  }
  if (decoding.hasContent(decoder)) throw new Error('trailing bytes after awareness update');
  return entries;
}

/** Encode awareness entries back into an awareness update (the inverse of parseAwarenessUpdate). */
export function encodeAwarenessEntries(entries: readonly AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const { clientID, clock, state } of entries) {
    encoding.writeVarUint(encoder, clientID);
    encoding.writeVarUint(encoder, clock);
    encoding.writeVarString(encoder, JSON.stringify(state));
  }
  return encoding.toUint8Array(encoder);
}
