import { DAMAGE_TYPES } from '../../schema/ability';
import type { Intent } from '../../schema/intent';
import type { TokenView } from '../../table/snapshot';
import { el } from '../dom';
import type { CombatHost } from './CombatHost';
import type { StatusLine } from './intentButton';

/** The largest amount the server takes (src/schema/intent.ts AdjustHpIntentSchema). */
const MAX_AMOUNT = 999;

/**
 * The GM's damage and healing box for one character: "Deal" sends the amount through the rules
 * (armor unless pierce, resistance, vigor, defeat) as damage of the chosen type, or straight off
 * HP as a correction; "Heal" restores HP up to the maximum. The server does the arithmetic and
 * logs every step (`adjust-hp` intent), so nobody overwrites HP by hand.
 */
export function gmHpControls(host: CombatHost, status: StatusLine, token: TokenView): HTMLElement {
  const amount = el('input', {
    type: 'number',
    min: '1',
    max: String(MAX_AMOUNT),
    value: '1',
    class: 'narrow',
    'data-testid': 'gm-hp-amount',
    'aria-label': 'Amount',
  });
  const type = el('select', { 'data-testid': 'gm-hp-type', 'aria-label': 'Damage type' });
  for (const t of DAMAGE_TYPES) type.append(el('option', { value: t }, `${t} damage`));
  type.append(el('option', { value: 'straight' }, 'straight off HP'));
  const pierce = el('input', { type: 'checkbox', 'data-testid': 'gm-hp-pierce' });
  const send = async (button: HTMLButtonElement, heal: boolean) => {
    const n = Math.trunc(Number(amount.value));
    if (!(n >= 1 && n <= MAX_AMOUNT))
      return status(`Amount: a whole number from 1 to ${MAX_AMOUNT}`, 'refused');
    const through = !heal && type.value !== 'straight';
    const intent: Intent = {
      kind: 'adjust-hp',
      tokenId: token.id,
      amount: heal ? -n : n,
      reason: 'GM',
      pierce: through && pierce.checked,
      ...(through ? { damageType: type.value as (typeof DAMAGE_TYPES)[number] } : {}),
    };
    button.disabled = true;
    const result = await host.intent(intent);
    button.disabled = false;
    status(
      result.ok
        ? `${token.name}: ${heal ? `healed ${n}` : `${n} damage dealt`}`
        : `Refused: ${result.reason}`,
      result.ok ? 'ok' : 'refused',
    );
  };
  const deal = el('button', { 'data-testid': 'gm-deal-damage' }, 'Deal');
  deal.onclick = () => send(deal, false);
  const heal = el('button', { 'data-testid': 'gm-heal' }, 'Heal');
  heal.onclick = () => send(heal, true);
  return el(
    'div',
    { class: 'row', 'data-testid': 'gm-hp-controls' },
    'HP (GM): ',
    amount,
    ' ',
    type,
    ' ',
    el('label', { title: 'ignores armor' }, pierce, 'pierce'),
    ' ',
    deal,
    ' ',
    heal,
  );
}
