import type { Intent } from '../../schema/intent';
import { MAX_ACTION_NOTE_CHARS } from '../../schema/intent';
import type { RoomSnapshot } from '../../table/snapshot';
import { el, setChildren } from '../dom';
import type { CombatController } from './CombatController';
import type { StatusLine } from './intentButton';
import { undoMoveOffer } from './undoMoveOffer';
import { attackSection } from './attackSection';
import { areaSection } from './areaSection';
import { effectSection } from './effectSection';
import { forcedSection } from './forcedSection';
import type { Ability } from '../../schema/ability';
import { gmModifiers, gmRollControls } from './gmRollControls';
import { actionsLeftOf } from './turnTracker';
import { choiceLabel } from './actionChoices';
import { gmOfferButtons, interruptOfferRows } from './interruptOfferRows';

/** Tokens this viewer may act with: the GM all combatants, a player the characters of their invite. */
export function commandable(snapshot: RoomSnapshot, role: 'gm' | 'player', characterIds: readonly string[]) {
  return snapshot.tokens.filter(
    (t) =>
      t.combatant &&
      t.state &&
      t.statBlock &&
      (role === 'gm' || t.ownerIds.some((o) => characterIds.includes(o))),
  );
}

/**
 * Targeting panel: who acts, which ability or basic action, and for it the range, targets in
 * range and sight with cover, boons/curses and reasons, the exact chance to hit and the damage per
 * tier; area templates with legality, attack space and affected characters; Run/Dash paths.
 * Every button sends an intent; the server rolls and answers with the outcome or a refusal.
 */
export class ActionPanel {
  readonly root = el('section', { class: 'combat-actions', 'data-testid': 'combat-actions' });
  /** The attack space picked among tied ones (Cross without a listed range). */
  private attackSpacePick: { x: number; y: number } | null = null;

  constructor(
    private readonly ctl: CombatController,
    private readonly status: StatusLine,
  ) {}

  private async send(label: string, intent: Intent): Promise<void> {
    const answer = await this.ctl.host.intent(intent);
    if (answer.ok) {
      this.status(`${label}: done`, 'ok');
      this.ctl.update({ targetId: null, arc: [], areaAt: null, moveTo: null });
    } else {
      this.status(`${label} refused: ${answer.reason}`, 'refused');
      this.root.querySelector('[data-testid="action-refusal"]')?.replaceChildren(answer.reason);
    }
  }

  render(): void {
    const d = this.ctl.derived;
    const host = this.ctl.host;
    if (!d) return setChildren(this.root);
    const s = this.ctl.state;
    const mine = commandable(d.snapshot, host.role, host.characterIds);
    if (!s.actorId) {
      // Default to the character whose turn it is, when this viewer commands it.
      const current = d.snapshot.turn?.currentId;
      const pick = mine.find((t) => t.id === current) ?? (host.role === 'player' ? mine[0] : undefined);
      if (pick) return queueMicrotask(() => this.ctl.update({ actorId: pick.id }));
    }
    const actorSel = el('select', { 'data-testid': 'combat-actor' });
    actorSel.append(el('option', { value: '' }, '— who acts —'));
    for (const t of mine)
      actorSel.append(el('option', { value: t.id, selected: t.id === s.actorId }, t.state!.name));
    actorSel.onchange = () =>
      this.ctl.update({ actorId: actorSel.value || null, choiceId: null, targetId: null });
    const parts: (Node | string)[] = [el('h3', {}, 'Act'), el('label', {}, 'Character ', actorSel)];
    const left = s.actorId && d.snapshot.turn ? actionsLeftOf(d.snapshot, s.actorId) : null;
    if (left) {
      parts.push(
        el(
          'div',
          { class: 'actions-left', 'data-testid': 'actions-left' },
          `Actions ${left.actions}/${left.actionsPerTurn} · move ${left.movementLeft}/${left.speed}${left.moveSpent ? ' (spent)' : ''} · attack ${left.attackUsedThisRound ? 'used this round' : 'available'}` +
            (left.interrupts.length
              ? ` · interrupts ${left.interrupts.map((i) => `${i.name} ${i.left}/${i.of}`).join(', ')}`
              : '') +
            (left.cannotAttack ? ` · cannot attack (${left.cannotAttack})` : '') +
            (left.resolve !== null ? ` · Resolve ${left.resolve}` : ''),
        ),
      );
    }
    parts.push(...this.offers(mine));
    const undo = s.actorId ? undoMoveOffer(d.snapshot, s.actorId) : null;
    if (undo) {
      const button = el('button', { 'data-testid': 'undo-move' }, undo.label);
      button.onclick = () => void this.send(undo.label, undo.intent);
      parts.push(el('div', { class: 'row' }, button));
    }
    if (s.actorId) {
      const choiceSel = el('select', { 'data-testid': 'combat-action' });
      choiceSel.append(el('option', { value: '' }, '— ability or action —'));
      const resolve = d.snapshot.tokensById[s.actorId]?.state?.resolve ?? null;
      for (const c of d.choices)
        choiceSel.append(
          el('option', { value: c.id, selected: c.id === s.choiceId }, choiceLabel(c, resolve)),
        );
      choiceSel.onchange = () => this.ctl.choose(choiceSel.value || null);
      parts.push(el('label', {}, 'Action ', choiceSel));
    }
    parts.push(...this.body());
    parts.push(el('div', { class: 'refusal', 'data-testid': 'action-refusal' }));
    setChildren(this.root, ...parts);
  }

  /**
   * Interrupts offered because their trigger happened: picking one selects its owner and ability;
   * declining removes the offer. The GM also confirms a trigger for the acting character.
   */
  private offers(mine: ReturnType<typeof commandable>): HTMLElement[] {
    const d = this.ctl.derived!;
    const rows = interruptOfferRows(d.snapshot, mine).map((row) => {
      const use = el('button', { 'data-testid': 'interrupt-offer' }, row.label);
      use.onclick = () => {
        this.ctl.update({ actorId: row.ownerId });
        this.ctl.choose(row.choiceId);
      };
      const decline = el('button', { 'data-testid': 'decline-interrupt' }, 'Decline');
      decline.onclick = () => void this.send('Decline', row.decline);
      return el('div', { class: 'row' }, use, decline);
    });
    const actorId = this.ctl.state.actorId;
    const confirm =
      this.ctl.host.role === 'gm' && actorId
        ? gmOfferButtons(d.snapshot, actorId).map((o) => {
            const b = el('button', { 'data-testid': 'offer-interrupt' }, o.label);
            b.onclick = () => void this.send(o.label, o.intent);
            return b;
          })
        : [];
    return [
      ...(rows.length ? [el('div', { 'data-testid': 'interrupt-offers' }, ...rows)] : []),
      ...(confirm.length ? [el('div', { class: 'row' }, ...confirm)] : []),
    ];
  }

  private gmControls(): HTMLElement[] {
    return gmRollControls(this.ctl.host.role, this.ctl.state, (patch) => this.ctl.update(patch));
  }

  private forced(ability: Ability): HTMLElement[] {
    return forcedSection(this.ctl.derived!, this.ctl.state, ability, (shoveDirection) =>
      this.ctl.update({ shoveDirection }),
    );
  }

  private body(): (Node | string)[] {
    const d = this.ctl.derived!;
    const s = this.ctl.state;
    const choice = d.choice;
    const actorId = s.actorId;
    if (!choice || !actorId) return [];
    const out: (Node | string)[] = [];
    if (choice.kind === 'attack' && d.targeting) {
      out.push(
        ...attackSection(
          d,
          s,
          actorId,
          choice,
          this.gmControls(),
          this.forced(choice.ability),
          (targetId) => this.ctl.update({ targetId }),
          (label, intent) => void this.send(label, intent),
        ),
      );
    } else if (choice.kind === 'area') {
      out.push(...this.areaBody(actorId, choice.id));
    } else if (choice.kind === 'basic') {
      const target = s.targetId ? d.snapshot.tokensById[s.targetId] : undefined;
      const note = el('input', {
        type: 'text',
        placeholder: 'what (pull the lever…)',
        maxlength: MAX_ACTION_NOTE_CHARS,
        'data-testid': 'interact-note',
      });
      if (choice.id === 'interact') out.push(note);
      else
        out.push(
          el(
            'div',
            { class: 'hint' },
            `Click ${choice.id === 'rescue' ? 'an adjacent defeated ally' : 'a character in range 3'} on the map.`,
          ),
        );
      const b = el(
        'button',
        { 'data-testid': 'basic-action', disabled: choice.id !== 'interact' && !target },
        `${choice.label}${target ? ` → ${target.state?.name ?? target.name}` : ''}`,
      );
      b.onclick = () =>
        void this.send(choice.label, {
          kind: 'basic-action',
          tokenId: actorId,
          action: choice.id,
          ...(target ? { targetId: target.id } : {}),
          ...(choice.id === 'interact' && note.value.trim() ? { note: note.value.trim() } : {}),
        });
      out.push(b);
    } else if (choice.kind === 'move') {
      const p = d.movePath;
      out.push(
        el(
          'div',
          { 'data-testid': 'move-path' },
          p ? `Path of ${p.path.length} squares, cost ${p.cost}` : 'Click a destination within reach.',
        ),
      );
      const b = el('button', { 'data-testid': 'move-action', disabled: !p }, choice.label);
      b.onclick = () =>
        p && void this.send(choice.label, { kind: 'move', tokenId: actorId, path: p.path, mode: choice.id });
      out.push(b);
    } else if (d.effect) {
      out.push(
        ...effectSection(
          d,
          s,
          actorId,
          choice.kind === 'effect' ? this.forced(choice.ability) : [],
          (targetId) => this.ctl.update({ targetId }),
          (label, intent) => void this.send(label, intent),
        ),
      );
    } else {
      out.push(
        el(
          'div',
          { class: 'hint' },
          `${choice.ability.description || choice.label}: nothing to apply; the GM carries it out by hand.`,
        ),
      );
    }
    return out;
  }

  private areaBody(actorId: string, abilityId: string): (Node | string)[] {
    const d = this.ctl.derived!;
    const choice = d.choice;
    if (choice?.kind !== 'area') return [];
    const out = areaSection(d, this.ctl.state, actorId);
    const a = d.area;
    if (!a) return out;
    const r = a.result;
    out.push(...this.gmControls());
    // A Cross with no listed range may tie for the first character: the attacker picks (rulebook: Cross).
    const picked = this.attackSpacePick;
    const chosen =
      r.attackSpaceChoices.length > 1
        ? (r.attackSpaceChoices.find((c) => picked && c.x === picked.x && c.y === picked.y) ?? r.attackSpace)
        : null;
    if (chosen) {
      const row = el('div', { class: 'row', 'data-testid': 'attack-space-choices' }, 'Attack space: ');
      for (const c of r.attackSpaceChoices) {
        const b = el(
          'button',
          { class: c.x === chosen.x && c.y === chosen.y ? 'active' : '' },
          `(${c.x},${c.y})`,
        );
        b.onclick = () => {
          this.attackSpacePick = c;
          this.render();
        };
        row.append(b);
      }
      out.push(row);
    }
    const use = el('button', { 'data-testid': 'use-area', disabled: !r.legal }, `Use ${choice.ability.name}`);
    use.onclick = () =>
      void this.send(choice.ability.name, {
        kind: 'area',
        casterId: actorId,
        abilityId,
        placement: a.placement as Extract<Intent, { kind: 'area' }>['placement'],
        ...(chosen ? { attackSpace: { x: chosen.x, y: chosen.y } } : {}),
        modifiers: gmModifiers(this.ctl.state),
      });
    out.push(use);
    return out;
  }
}
