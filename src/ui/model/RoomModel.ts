import { computed, effect, signal, untracked, type Signal } from '@preact/signals';
import type { CellData } from '../../schema/cell';
import type { Intent } from '../../schema/intent';
import type { LinkState } from '../../table/linkState';
import type { RoomSnapshot } from '../../table/snapshot';
import type { CombatHost, IntentAnswer } from '../combat/CombatHost';
import { combatHostOf } from '../combat/CombatHost';
import { deriveCombat } from '../combat/deriveCombat';
import type { Scene } from '../Scene';
import type { Presence, TableSession } from '../TableSession';
import { commandable } from './commandable';
import type { CombatUiState } from './combatState';
import { INITIAL_COMBAT_STATE, NO_TOOL } from './combatState';

export type StatusKind = 'ok' | 'refused' | 'info';
export interface StatusMessage {
  readonly text: string;
  readonly kind: StatusKind;
}

/**
 * The one client-side model of a room (docs/ui.md "One model"): what the server sent (the
 * snapshot, the scene drawn from it, others' presence, the link) and this page's own state
 * (selection, combat choices, the status line). Every panel and the battlefield derive what they
 * show from it with signals; nothing is cached beside it. Writes go through `session` (GM edits,
 * moves) and `send` (intents, answered by the server).
 */
export class RoomModel {
  /** The room as this viewer may read it; null in the offline demo (no combat tools there). */
  readonly snapshot = signal<RoomSnapshot | null>(null);
  readonly scene: Signal<Scene>;
  readonly presence = signal<readonly Presence[]>([]);
  readonly link = signal<LinkState>('connected');
  readonly selectedId = signal<string | null>(null);
  readonly combat = signal<CombatUiState>(INITIAL_COMBAT_STATE);
  /** The square under the pointer (only tools that follow it read it). */
  readonly pointer = signal<CellData | null>(null);
  readonly status = signal<StatusMessage>({ text: '', kind: 'info' });
  /** A log entry picked in the log, shown in the result panel; null = the newest roll. */
  readonly pinnedEntry = signal<string | null>(null);
  readonly derived = computed(() =>
    deriveCombat(this.snapshot.value, this.combat.value, () => this.pointer.value),
  );
  /** Intents and the GM's combat docs; null without a live room. */
  readonly host: CombatHost | null;
  private readonly stops: (() => void)[] = [];

  constructor(readonly session: TableSession) {
    this.host = combatHostOf(session);
    this.scene = signal(session.scene());
    this.stops.push(session.onScene((s) => (this.scene.value = s)));
    this.stops.push(session.onPresence((p) => (this.presence.value = p)));
    const conn = session.connection;
    if (conn) {
      this.snapshot.value = conn.snapshot();
      this.link.value = conn.link;
      this.stops.push(conn.onSnapshot((snap) => (this.snapshot.value = snap)));
      this.stops.push(conn.onLink((state) => (this.link.value = state)));
    }
    this.stops.push(this.followTurns());
    // A new log line brings the result panel back to the newest roll.
    let logLength = this.snapshot.peek()?.log.length ?? 0;
    this.stops.push(
      effect(() => {
        const length = this.snapshot.value?.log.length ?? 0;
        if (length !== logLength) this.pinnedEntry.value = null;
        logLength = length;
      }),
    );
  }

  get viewer(): TableSession['viewer'] {
    return this.session.viewer;
  }

  update(patch: Partial<CombatUiState>): void {
    this.combat.value = { ...this.combat.value, ...patch };
  }

  /** Pick an action: clears the target, arc, destination and refusal of the previous one. */
  choose(choiceId: string | null): void {
    this.update({ ...NO_TOOL, sightMode: this.combat.value.sightMode && !choiceId, choiceId });
  }

  /** Act with another character: its own actions, nothing carried over from the previous one. */
  chooseActor(actorId: string | null): void {
    this.update({ ...NO_TOOL, actorId, choiceId: null, shoveDirection: null });
  }

  clearTool(): void {
    this.update(NO_TOOL);
  }

  say(text: string, kind: StatusKind = 'info'): void {
    this.status.value = { text, kind };
  }

  /** Send an intent and say the server's answer on the status line ("Save: done" / "Save refused: …"). */
  send(label: string, intent: Intent): Promise<IntentAnswer> {
    return this.report(intent, `${label}: done`, `${label} refused`);
  }

  /**
   * Send an intent and say `done` when the server applies it, `refused: <its reason>` when not:
   * every panel's button reports through here.
   */
  async report(intent: Intent, done: string, refused = 'Refused'): Promise<IntentAnswer> {
    const answer = this.host
      ? await this.host.intent(intent)
      : { ok: false as const, reason: 'the offline demo resolves no actions (start the server)' };
    if (answer.ok) this.say(done, 'ok');
    else this.say(`${refused}: ${answer.reason}`, 'refused');
    return answer;
  }

  /**
   * The Act panel's send: on success the picks of the action are put down (target, arc,
   * destination; a rolled ability, an area's template with it), on refusal the reason stays
   * under the panel until the next pick.
   */
  async act(label: string, intent: Intent): Promise<IntentAnswer> {
    const answer = await this.send(label, intent);
    if (!answer.ok) this.update({ refusal: answer.reason });
    // A rolled ability is put down (issue 32): the ruler and the map work at once after a roll.
    else if (intent.kind === 'area' || intent.kind === 'attack' || intent.kind === 'effect')
      this.choose(null);
    else
      this.update({ targetId: null, targetCell: null, arc: [], areaAt: null, moveTo: null, refusal: null });
    return answer;
  }

  dispose(): void {
    this.stops.splice(0).forEach((stop) => stop());
  }

  /**
   * The acting character follows the turn (issue 12, dead end 1): when the turn passes, the Act
   * panel switches to the character whose turn it is if this viewer commands it (a player
   * otherwise keeps their own first character), and nothing of the previous character's pick
   * (ability, target, area) survives, so a drag of the new character is a move, never a target.
   * Also re-picks when the acting character left the room.
   */
  private followTurns(): () => void {
    let shownTurn: string | null | undefined;
    return effect(() => {
      const snap = this.snapshot.value;
      if (!snap) return;
      const turn = snap.turn;
      const key = turn ? `${turn.round}:${turn.turnSerial}:${turn.currentId}` : null;
      const actorId = this.combat.value.actorId;
      const turnChanged = key !== shownTurn;
      shownTurn = key;
      const gone = actorId !== null && !snap.tokensById[actorId];
      if (!turnChanged && !gone && actorId !== null) return;
      untracked(() => {
        const mine = commandable(snap, this.viewer.role, this.viewer.characterIds);
        const current = turn?.currentId;
        const pick =
          mine.find((t) => t.id === current) ?? (this.viewer.role === 'player' ? mine[0] : undefined);
        const next = pick?.id ?? null;
        // This character's own turn just started: what its player picked while the start was on
        // its way (an ability, a target) is for this turn, so it stays.
        if (turnChanged && !gone && next !== null && next === actorId && turn?.currentId === actorId) return;
        // Out of combat a GM keeps whoever they picked (or nobody); a new turn always re-picks.
        if (turnChanged || gone || (next !== null && next !== actorId)) this.chooseActor(next);
      });
    });
  }
}
