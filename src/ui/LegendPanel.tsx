import { legendEntries, type LegendEntry } from '../render/Legend';

/** CSS background that imitates the terrain layer's pattern for a legend swatch. */
function swatchBackground(e: LegendEntry): string {
  const c = e.patternColour;
  switch (e.pattern) {
    case 'dots':
      return `radial-gradient(${c} 18%, transparent 22%) 0 0 / 8px 8px, ${e.fill}`;
    case 'hatch':
      return `repeating-linear-gradient(-45deg, ${c} 0 2px, transparent 2px 6px), ${e.fill}`;
    case 'cross-hatch':
      return `repeating-linear-gradient(45deg, #9a9aa8 0 1px, transparent 1px 6px), repeating-linear-gradient(-45deg, #9a9aa8 0 1px, transparent 1px 6px), #3a3a44`;
    case 'waves':
      return `repeating-linear-gradient(0deg, #e8f4ff 0 2px, transparent 2px 7px), ${c}`;
    default:
      return e.fill;
  }
}

/** The legend: one swatch per space type, height level, destructible terrain and side. */
export function LegendPanel() {
  return (
    <section aria-label="Legend">
      <h3>Legend</h3>
      <div class="legend" data-testid="legend">
        {legendEntries().map((e) => [
          <div
            key={`${e.key}-swatch`}
            class="swatch"
            aria-hidden="true"
            style={{
              background: swatchBackground(e),
              ...(e.key.startsWith('side-') ? { borderRadius: '50%' } : {}),
            }}
          >
            {e.text ?? ''}
          </div>,
          <div key={e.key}>
            <div>{e.label}</div>
            <div class="desc">{e.description}</div>
          </div>,
        ])}
      </div>
    </section>
  );
}
