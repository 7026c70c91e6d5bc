import { useState } from 'preact/hooks';
import type { DamageType } from '../../schema/ability';
import { DAMAGE_TYPES } from '../../schema/ability';
import type { Intent } from '../../schema/intent';
import type { TokenView } from '../../table/snapshot';
import type { RoomModel } from '../model/RoomModel';

/** The largest amount the server takes (AdjustHpIntentSchema, src/schema/actions/gm.ts). */
const MAX_AMOUNT = 999;

/**
 * The GM's damage and healing box for one character: "Deal" sends the amount through the rules
 * (armor unless pierce, resistance, vigor, defeat) as damage of the chosen type, or straight off
 * HP as a correction; "Heal" restores HP up to the maximum. The server does the arithmetic and
 * logs every step (`adjust-hp` intent), so nobody overwrites HP by hand. Render it keyed by the
 * token: what the GM typed is this row's own state.
 */
export function GmHpControls({ model, token }: { model: RoomModel; token: TokenView }) {
  const [amount, setAmount] = useState('1');
  const [type, setType] = useState<DamageType | 'straight'>(DAMAGE_TYPES[0]);
  const [pierce, setPierce] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = async (heal: boolean): Promise<void> => {
    const n = Math.trunc(Number(amount));
    if (!(n >= 1 && n <= MAX_AMOUNT))
      return model.say(`Amount: a whole number from 1 to ${MAX_AMOUNT}`, 'refused');
    // Damage of a type goes through the rules; healing and "straight off HP" do not.
    const damageType = !heal && type !== 'straight' ? type : null;
    const intent: Intent = {
      kind: 'adjust-hp',
      tokenId: token.id,
      amount: heal ? -n : n,
      reason: 'GM',
      pierce: !!damageType && pierce,
      ...(damageType ? { damageType } : {}),
    };
    setBusy(true);
    await model.report(intent, `${token.name}: ${heal ? `healed ${n}` : `${n} damage dealt`}`);
    setBusy(false);
  };
  return (
    <div class="row" data-testid="gm-hp-controls" role="group" aria-label="HP (GM)">
      {'HP (GM): '}
      <input
        type="number"
        min={1}
        max={MAX_AMOUNT}
        class="narrow"
        data-testid="gm-hp-amount"
        aria-label="Amount"
        value={amount}
        onInput={(e) => setAmount(e.currentTarget.value)}
      />{' '}
      <select
        data-testid="gm-hp-type"
        aria-label="Damage type"
        value={type}
        onChange={(e) => setType(e.currentTarget.value as DamageType | 'straight')}
      >
        {DAMAGE_TYPES.map((t) => (
          <option key={t} value={t}>{`${t} damage`}</option>
        ))}
        <option value="straight">straight off HP</option>
      </select>{' '}
      <label title="ignores armor">
        <input
          type="checkbox"
          data-testid="gm-hp-pierce"
          checked={pierce}
          onChange={(e) => setPierce(e.currentTarget.checked)}
        />
        pierce
      </label>{' '}
      <button type="button" data-testid="gm-deal-damage" disabled={busy} onClick={() => void send(false)}>
        Deal
      </button>{' '}
      <button type="button" data-testid="gm-heal" disabled={busy} onClick={() => void send(true)}>
        Heal
      </button>
    </div>
  );
}
