import type { JobStats } from '../../schema/characterSheet';

/**
 * The current job's combat numbers: the GM edits them, a player reads them. Kept in ONE file on
 * purpose: the shared stat editor (src/ui/editors/) replaces it at merge.
 */
const FIELDS: { key: keyof JobStats; label: string; min: number; max: number }[] = [
  { key: 'health', label: 'Health', min: 1, max: 9999 },
  { key: 'defense', label: 'Defense', min: 0, max: 9999 },
  { key: 'armor', label: 'Armor', min: 0, max: 9999 },
  { key: 'speed', label: 'Speed', min: 0, max: 200 },
  { key: 'attackBonus', label: 'Attack +', min: -9999, max: 9999 },
  { key: 'frayDamage', label: 'Fray damage', min: 0, max: 9999 },
];

export function JobStatsFieldset(props: {
  jobName: string;
  stats: JobStats;
  /** Absent: read-only (a player). */
  onChange?: (stats: JobStats) => void;
}) {
  const { stats, onChange } = props;
  return (
    <fieldset class="sheet-stats" data-testid="sheet-job-stats">
      <legend>{props.jobName}: combat numbers</legend>
      {FIELDS.map((f) => (
        <label key={f.key}>
          {f.label}{' '}
          <input
            type="number"
            min={f.min}
            max={f.max}
            value={String(stats[f.key])}
            readOnly={!onChange}
            data-testid={`sheet-stat-${f.key}`}
            onChange={(e) => {
              const n = Math.floor(Number(e.currentTarget.value));
              if (!onChange || !Number.isFinite(n)) return;
              onChange({ ...stats, [f.key]: Math.max(f.min, Math.min(f.max, n)) });
            }}
          />
        </label>
      ))}
      <label>
        Damage die{' '}
        <select
          value={String(stats.damageDie)}
          disabled={!onChange}
          data-testid="sheet-stat-damageDie"
          onChange={(e) =>
            onChange?.({ ...stats, damageDie: Number(e.currentTarget.value) as JobStats['damageDie'] })
          }
        >
          {[4, 6, 8, 10, 12].map((d) => (
            <option key={d} value={String(d)}>
              d{d}
            </option>
          ))}
        </select>
      </label>
      <div class="muted">
        Basic attacks: melee reach {stats.basicAttacks.melee.range}, ranged {stats.basicAttacks.ranged.range}{' '}
        ({stats.basicAttacks.ranged.damageType})
      </div>
    </fieldset>
  );
}
