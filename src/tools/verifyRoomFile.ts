/**
 * What `npm run verify` does (src/tools/verify.ts), as functions a test can call: reads a room
 * export within the room file's bounds and verifies it (docs/table/replay.md).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAX_ROOM_FILE_BYTES, megabytes } from '../schema/limits';
import { migrateRoomFile, RoomFileSchema } from '../schema/room';
import { plainIssue } from '../schema/issueSentence';
import { verifyRoomFile } from '../table/replay/verifyRoom';

/** Why the file cannot be verified (a sentence), or the verification. */
export async function verifyFile(
  file: string,
): Promise<{ problem: string } | ReturnType<typeof verifyRoomFile>> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return { problem: `${file}: there is no such file` };
  if (info.size > MAX_ROOM_FILE_BYTES)
    return {
      problem: `${file}: a room file is at most ${megabytes(MAX_ROOM_FILE_BYTES)}, this one is ${megabytes(info.size)}`,
    };
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return { problem: `${file}: this is not a room export (it is not JSON)` };
  }
  const parsed = RoomFileSchema.safeParse(migrateRoomFile(data));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? ` (at ${issue.path.map(String).join('.')})` : '';
    return {
      problem: `${file}: this is not a room export this version can read: ${plainIssue(issue)}${where}`,
    };
  }
  return verifyRoomFile(parsed.data);
}

/** The command: prints through `print` (lines) and `complain` (errors); answers the exit status. */
export async function runVerify(
  args: readonly string[],
  print: (line: string) => void = console.log,
  complain: (line: string) => void = console.error,
): Promise<number> {
  if (args.length !== 1) {
    complain('usage: npm run verify -- <room export file>');
    return 2;
  }
  const file = args[0]!;
  const result = await verifyFile(file);
  if ('problem' in result) {
    complain(result.problem);
    return 2;
  }
  for (const verdict of result.verdicts) if (verdict.kind === 'differs') print(verdict.sentence);
  print(`${path.basename(file)}: ${result.summary}`);
  return result.counts.differs ? 1 : 0;
}
