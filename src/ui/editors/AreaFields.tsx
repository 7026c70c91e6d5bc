import type { AreaKind, AreaPattern } from '../../schema/area';
import { AREA_KINDS } from '../../schema/area';
import type { Problems } from './fieldProblems';
import { Fold, NumberField, SelectField } from './fields';

const NAMES: Record<AreaKind, string> = {
  line: 'Line',
  blast: 'Blast',
  'close-blast': 'Close blast',
  arc: 'Arc',
  cross: 'Cross',
};
const KINDS: readonly (readonly ['' | AreaKind, string])[] = [
  ['', 'none (one target)'],
  ...AREA_KINDS.map((k) => [k, NAMES[k]] as const),
];
/** AreaShapeSchema's bound on X. */
const MAX_AREA_SIZE = 30;

/** The area pattern (src/schema/area.ts): a shape and its size, and a second shape for a combined one. */
export function AreaFields(props: {
  value: AreaPattern | undefined;
  onChange: (area: AreaPattern | undefined) => void;
  problems: Problems;
}) {
  const { value, onChange, problems } = props;
  const secondary = value?.secondary;
  return (
    <>
      <div class="ed-grid">
        <SelectField
          label="Pattern"
          field="primary.kind"
          problems={problems}
          testid="area-kind"
          value={value?.primary.kind ?? ''}
          options={KINDS}
          onChange={(kind) =>
            onChange(kind ? { ...value, primary: { kind, size: value?.primary.size ?? 1 } } : undefined)
          }
        />
        {value && (
          <NumberField
            label="Size"
            field="primary.size"
            problems={problems}
            testid="area-size"
            min={1}
            max={MAX_AREA_SIZE}
            value={value.primary.size}
            onChange={(size) => onChange({ ...value, primary: { ...value.primary, size } })}
          />
        )}
      </div>
      {value && (
        <Fold
          summary="Combined pattern (a second shape from the attack space)"
          open={!!secondary}
          testid="area-second-fold"
        >
          <div class="ed-grid">
            <SelectField
              label="Then"
              field="secondary.kind"
              problems={problems}
              testid="area-second-kind"
              value={secondary?.kind ?? ''}
              options={[['', 'nothing more'], ...KINDS.slice(1)] as typeof KINDS}
              onChange={(kind) => {
                const { secondary: _, ...rest } = value;
                onChange(kind ? { ...rest, secondary: { kind, size: secondary?.size ?? 1 } } : rest);
              }}
            />
            {secondary && (
              <NumberField
                label="Size"
                field="secondary.size"
                problems={problems}
                testid="area-second-size"
                min={1}
                max={MAX_AREA_SIZE}
                value={secondary.size}
                onChange={(size) => onChange({ ...value, secondary: { ...secondary, size } })}
              />
            )}
          </div>
        </Fold>
      )}
    </>
  );
}
