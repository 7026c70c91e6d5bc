import { z } from 'zod';

/** Where "don't show the hints again" is remembered: this browser, per role (localStorage). */
const KEY = 'icon-vtt:hints';
const StoredSchema = z.object({ gm: z.boolean().optional(), player: z.boolean().optional() }).strict();

/** localStorage is input from outside the app (another version, a person editing it): parse it. */
function read(): z.infer<typeof StoredSchema> {
  try {
    return StoredSchema.parse(JSON.parse(localStorage.getItem(KEY) ?? '{}'));
  } catch {
    return {};
  }
}

export function hintsDismissed(role: 'gm' | 'player'): boolean {
  return read()[role] === true;
}

export function dismissHints(role: 'gm' | 'player', dismissed = true): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...read(), [role]: dismissed }));
  } catch {
    // Storage full or blocked (private mode): the hints come back next time, nothing breaks.
  }
}
