import type * as Y from 'yjs';
import type { RoomFile } from '../../schema/room';
import { readLog } from '../readDoc';
import { mergeLogs } from '../snapshot';
import { replayStoreOf, replayStoreOfFile } from './replayStore';
import type { Verification } from './verifyLog';
import { verifyLog } from './verifyLog';

/** Verifies the room the GM holds (both docs): what "Verify this fight" runs in the browser. */
export function verifyDocs(publicDoc: Y.Doc, secretsDoc: Y.Doc): Verification {
  const log = mergeLogs(readLog(publicDoc, 'public', []), readLog(secretsDoc, 'secrets', []));
  return verifyLog(log, replayStoreOf(secretsDoc));
}

/** Verifies an exported room (a validated room file): what `npm run verify` runs. */
export function verifyRoomFile(file: RoomFile): Verification {
  return verifyLog(mergeLogs(file.public.log, file.secrets.log), replayStoreOfFile(file.secrets.replay));
}
