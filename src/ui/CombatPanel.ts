import { el, setChildren } from './dom';
import { canCommand, type Scene } from './Scene';
import type { MoveResult, TableSession } from './TableSession';

/**
 * Turn controls: the round and whose turn it is; the GM starts/ends combat; whoever commands the
 * selected token starts or ends its turn. Every button sends an intent and reports the answer.
 */
export class CombatPanel {
  readonly root = el('section', { 'data-testid': 'combat-panel' });
  private selectedId: string | undefined;

  constructor(
    private readonly session: TableSession,
    private readonly status: (text: string, kind: 'ok' | 'refused') => void,
  ) {}

  select(id: string | undefined): void {
    this.selectedId = id;
    this.render(this.session.scene());
  }

  render(scene: Scene): void {
    const turn = scene.turn ?? null;
    const nameOf = (id: string | null): string => scene.tokens.find((t) => t.id === id)?.name ?? 'nobody';
    const info = turn
      ? `Round ${turn.round} — ${turn.currentId ? `${nameOf(turn.currentId)}'s turn` : 'choose who acts'}`
      : 'Not in combat: moves are free (reach shows one standard move).';
    const buttons: HTMLElement[] = [];
    const send = (label: string, testid: string, run: () => Promise<MoveResult>): void => {
      const b = el('button', { 'data-testid': testid }, label);
      b.onclick = async () => {
        const r = await run();
        this.status(r.ok ? `${label}: done` : `${label} refused: ${r.reason}`, r.ok ? 'ok' : 'refused');
      };
      buttons.push(b);
    };
    if (this.session.gm) {
      if (turn) send('End combat', 'end-combat', () => this.session.intent({ kind: 'end-combat' }));
      else send('Start combat', 'start-combat', () => this.session.intent({ kind: 'start-combat' }));
    }
    const sel = scene.tokens.find((t) => t.id === this.selectedId);
    if (turn && sel && canCommand(this.session.viewer, sel)) {
      const id = sel.id;
      if (turn.currentId === id) send(`End ${sel.name}'s turn`, 'end-turn', () => this.session.intent({ kind: 'end-turn', tokenId: id }));
      else if (!turn.acted.includes(id)) send(`Start ${sel.name}'s turn`, 'start-turn', () => this.session.intent({ kind: 'start-turn', tokenId: id, slow: false }));
    }
    setChildren(this.root, el('h3', {}, 'Combat'), el('div', { 'data-testid': 'turn-info' }, info), el('div', { class: 'row' }, ...buttons));
  }
}
