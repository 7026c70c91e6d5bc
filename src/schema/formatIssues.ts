import type { z } from 'zod';
import { plainIssue } from './issueSentence';

/** One "path: message" line per issue; the path is dotted, or "(root)". */
function issueLines(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : '(root)';
    return `${path}: ${plainIssue(issue)}`;
  });
}

/**
 * Turns zod issues into lines a person can act on: "abilities.0.cost: must be 1-action, 2-actions or free".
 * `where` names the file (or document) so the message says where to look.
 */
export function formatIssues(error: z.ZodError, where?: string): string {
  const lines = issueLines(error);
  return where ? `${where}:\n  ${lines.join('\n  ')}` : lines.join('\n');
}

/** Thrown by `parseOrThrow`; `issues` keeps the individual "path: message" lines for UIs. */
export class SchemaError extends Error {
  constructor(
    message: string,
    readonly issues: readonly string[],
  ) {
    super(message);
    this.name = 'SchemaError';
  }
}

/** Validates `data` against `schema`; on failure throws a SchemaError naming `where` and every bad path. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new SchemaError(formatIssues(result.error, where), issueLines(result.error));
}
