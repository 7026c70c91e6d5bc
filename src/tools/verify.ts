/**
 * `npm run verify -- <room export file>`: re-derives every outcome in an exported room from its
 * replay records (docs/table/replay.md) and prints one line per entry that differs, then a
 * summary ("214 of 214 outcomes re-derived; 3 GM overrides; 2 older entries"). Exit status 0
 * when nothing differs, 1 when an entry differs, 2 when the file cannot be read as a room.
 */
import { runVerify } from './verifyRoomFile';

process.exitCode = await runVerify(process.argv.slice(2));
