/** "Fire Bolt" → "fire-bolt", "Maren (Stalwart)" → "maren-stalwart": ids from display names. */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
