import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http/json';
import { EMPTY_FILE_TEXT, tooLargeText } from './assetLimits';

/**
 * An upload's raw bytes, bounded before they are all read: a declared Content-Length over `limit`
 * is refused before reading anything, a body sent without one when the count passes `limit`.
 * The refused connection is closed after the answer (the rest of the body is never read).
 */
export async function readImageBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit)
    throw new HttpError(413, tooLargeText(Number(declared), limit), { connection: 'close' });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, tooLargeText(undefined, limit), { connection: 'close' });
    chunks.push(chunk);
  }
  if (size === 0) throw new HttpError(400, EMPTY_FILE_TEXT);
  return Buffer.concat(chunks, size);
}
