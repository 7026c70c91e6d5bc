/** How many awareness client ids one doc remembers a claimant for (memory bound per doc). */
export const MAX_REMEMBERED_PRESENCE_IDS = 4096;
/** How many remembered ids one token may hold; past it, that token's oldest claim is forgotten. */
export const MAX_PRESENCE_IDS_PER_TOKEN = 16;

/**
 * Which token first claimed each awareness client id of a doc, for the doc's lifetime in memory.
 * A live-socket check alone lets a player squat the GM's id while the GM reconnects; this
 * remembers the claim after the claimant's sockets closed. Bounded: each token keeps at most
 * MAX_PRESENCE_IDS_PER_TOKEN ids (a player reloading the page many times only forgets their own
 * old ids, never someone else's), and the whole map at most MAX_REMEMBERED_PRESENCE_IDS.
 */
export class PresenceClaims {
  /** clientID → tokenHash, in claim order (oldest first). */
  private readonly byId = new Map<number, string>();
  private readonly perToken = new Map<string, number[]>();

  claimantOf(clientID: number): string | undefined {
    return this.byId.get(clientID);
  }

  /** Record that `tokenHash` speaks for `clientID` (a no-op when it already did). */
  remember(clientID: number, tokenHash: string): void {
    if (this.byId.has(clientID)) return;
    this.byId.set(clientID, tokenHash);
    const ids = this.perToken.get(tokenHash) ?? [];
    ids.push(clientID);
    this.perToken.set(tokenHash, ids);
    if (ids.length > MAX_PRESENCE_IDS_PER_TOKEN) this.forget(ids[0]!);
    if (this.byId.size > MAX_REMEMBERED_PRESENCE_IDS) this.forget(this.byId.keys().next().value!);
  }

  private forget(clientID: number): void {
    const tokenHash = this.byId.get(clientID);
    if (tokenHash === undefined) return;
    this.byId.delete(clientID);
    const ids = (this.perToken.get(tokenHash) ?? []).filter((id) => id !== clientID);
    if (ids.length) this.perToken.set(tokenHash, ids);
    else this.perToken.delete(tokenHash);
  }

  get size(): number {
    return this.byId.size;
  }
}
