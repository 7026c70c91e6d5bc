import type { AreaPattern } from '../../schema/area';
import { formatAreaPattern } from '../../schema/area';
import { areaPreviewSquares } from './areaPreviewSquares';

const CELL = 14;

/**
 * The pattern drawn on a small grid, as the table would place it pointing east: the user (dark),
 * the squares (filled; a combined pattern's second shape lighter) and the attack space (ringed).
 * When the grid refuses the pattern with this range, its reason is said instead.
 */
export function AreaPreview({
  pattern,
  range,
  self,
}: {
  pattern: AreaPattern;
  range: number | null;
  self: boolean;
}) {
  const p = areaPreviewSquares(pattern, { range, self });
  const count = p.primary.length + p.secondary.length;
  const name = formatAreaPattern(pattern);
  const label = p.reason ? `${name}: cannot be placed` : `${name}: ${count} squares`;
  return (
    <figure class="ed-area-preview">
      <svg
        role="img"
        aria-label={label}
        data-testid="area-preview"
        data-squares={count}
        width={p.width * CELL}
        height={p.height * CELL}
        viewBox={`0 0 ${p.width * CELL} ${p.height * CELL}`}
      >
        <rect class="ed-area-bg" width={p.width * CELL} height={p.height * CELL} />
        {p.primary.map((c) => (
          <rect
            key={`a${c.x},${c.y}`}
            class="ed-area-sq"
            x={c.x * CELL}
            y={c.y * CELL}
            width={CELL}
            height={CELL}
          />
        ))}
        {p.secondary.map((c) => (
          <rect
            key={`b${c.x},${c.y}`}
            class="ed-area-sq2"
            x={c.x * CELL}
            y={c.y * CELL}
            width={CELL}
            height={CELL}
          />
        ))}
        {p.attack && (
          <circle
            class="ed-area-attack"
            cx={(p.attack.x + 0.5) * CELL}
            cy={(p.attack.y + 0.5) * CELL}
            r={CELL / 3}
          />
        )}
        <rect
          class="ed-area-user"
          x={p.origin.x * CELL + 2}
          y={p.origin.y * CELL + 2}
          width={CELL - 4}
          height={CELL - 4}
        />
      </svg>
      <figcaption class="muted">
        {p.reason ? (
          <span class="field-problem" data-testid="area-preview-reason">
            {`Cannot be placed: ${p.reason}`}
          </span>
        ) : (
          `${label}. Dark: the user${p.attack ? '; ring: the attack space' : ''}.`
        )}
      </figcaption>
    </figure>
  );
}
