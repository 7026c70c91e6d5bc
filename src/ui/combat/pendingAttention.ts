/** How long (ms) a newly arrived result the viewer may apply flashes; matches styles.css. */
export const PENDING_FLASH_MS = 2400;

/**
 * Draws the eye to a result the viewer must apply: the first time a pending entry with this
 * viewer's Apply button is shown, the panel scrolls to it (`firstSight` says so once per entry)
 * and it flashes for PENDING_FLASH_MS (`flashLeft`). The panel patches the same block on every
 * snapshot, so the CSS animation runs once without being restarted.
 */
export class PendingAttention {
  private readonly seen = new Set<string>();
  private flashing: { id: string; since: number } | null = null;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** True the first time `entryId` is shown (and starts its flash); false afterwards. */
  firstSight(entryId: string): boolean {
    if (this.seen.has(entryId)) return false;
    this.seen.add(entryId);
    this.flashing = { id: entryId, since: this.now() };
    return true;
  }

  /** Milliseconds of flash left for `entryId`; 0 when it is not (or no longer) flashing. */
  flashLeft(entryId: string): number {
    const f = this.flashing;
    if (f?.id !== entryId) return 0;
    return Math.max(0, PENDING_FLASH_MS - (this.now() - f.since));
  }
}
