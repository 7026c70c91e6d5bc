import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { formatIssues } from '../../schema/formatIssues';
import { retryAfterSeconds } from '../limits';

/** An HTTP failure with the status to send and a message a person can act on. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers (e.g. Retry-After with a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/**
 * A 429 whose Retry-After and sentence name the same wait: `text` says what was over its limit,
 * given the seconds (at least 1) to wait.
 */
export function tooManyRequests(retryAfterMs: number, text: (seconds: number) => string): HttpError {
  const seconds = retryAfterSeconds(retryAfterMs);
  return new HttpError(429, text(seconds), { 'retry-after': String(seconds) });
}

/** Request bodies larger than this (bytes) are refused with 413; a 200×200 map fits easily. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Read and parse a JSON body; 413 when too large, 400 (with the parser's reason) when not JSON. */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  // The rest of a refused upload is not read: the connection closes after the answer, so it
  // cannot be reused mid-body by the client's next request.
  const tooLarge = () =>
    new HttpError(413, `the request body is larger than ${sizeText(limit)}`, { connection: 'close' });
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) throw new HttpError(400, 'the request body is empty: send JSON');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `request body: not valid JSON (${(error as Error).message})`);
  }
}

/** "8 MB", "256 KB": a bound as people read it. */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${+(bytes / 1024 / 1024).toFixed(2)} MB`
    : `${+(bytes / 1024).toFixed(1)} KB`;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** Validate a parsed body; 400 naming each problem's path under `where` ("request body.name: …"). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, formatIssues(result.error, where));
  return result.data;
}

/** The 503 of a room another server process serves now: the client tries again and reaches it (docs/scaling.md). */
export function roomMovedError(message: string): HttpError {
  return new HttpError(503, message, { 'retry-after': '1' });
}
