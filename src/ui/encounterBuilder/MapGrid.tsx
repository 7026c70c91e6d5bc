import { useLayoutEffect, useRef } from 'preact/hooks';
import type { CellData } from '../../schema/cell';
import type { EncounterFoe } from '../../schema/encounter';
import type { MapData } from '../../schema/map';
import { mapPicturePixels } from '../start/mapPicture';
import type { ThreatPictureData } from '../threat/threatPicture';
import { paintThreat } from '../threat/threatPicture';

/** Canvas pixels per square: sharp enough for a number in each footprint; CSS scales it to fit. */
const SQUARE_PX = 24;
/** Longest canvas side: a 200×200 map at 24 px would be a 92 MB bitmap; this keeps it near 16 MB. */
const MAX_CANVAS_PX = 2048;
/** Below this many pixels per square a footprint's number would not be readable: left out. */
const MIN_NUMBER_PX = 12;

export interface MapGridProps {
  readonly map: MapData;
  /** In list order: each footprint shows its place in the list, from 1. */
  readonly foes: readonly EncounterFoe[];
  readonly partyStarts: readonly CellData[];
  readonly cursor: CellData;
  /** The foe being moved: outlined. */
  readonly selectedId: string | undefined;
  /** A click or tap on a square, or Enter/Space on the cursor's square. */
  readonly onSquare: (cell: CellData) => void;
  readonly onCursor: (cell: CellData) => void;
  /** Delete or Backspace on the cursor's square. */
  readonly onRemove: (cell: CellData) => void;
  /** Escape: stop moving. */
  readonly onEscape: () => void;
  readonly label: string;
  readonly describedBy: string;
  /** The threat map or danger heat map, drawn over the terrain (null: off). */
  readonly threat?: ThreatPictureData | null;
  /** The square under the mouse (null when it leaves), for the threat map's inspector. */
  readonly onHover?: (cell: CellData | null) => void;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The small picture of the map the builder drops foes on: terrain as on the start page, each
 * foe's footprint with its number in the list (hidden ones paler, dashed), party starts as blue
 * rings and a square cursor. One focusable element: arrow keys move the cursor, Enter places, so
 * a map of any size is one tab stop; what the cursor is on is said by the builder's live line.
 */
export function MapGrid(props: MapGridProps) {
  const { map, foes, partyStarts, cursor, selectedId } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    if (canvas.current) draw(canvas.current, props);
  }, [map, foes, partyStarts, cursor, selectedId, props.threat]);

  const squareOf = (e: MouseEvent): CellData | null => {
    const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    const x = Math.floor(((e.clientX - box.left) / box.width) * map.width);
    const y = Math.floor(((e.clientY - box.top) / box.height) * map.height);
    return x >= 0 && y >= 0 && x < map.width && y < map.height ? { x, y } : null;
  };

  const onKeyDown = (e: KeyboardEvent): void => {
    const step = ARROWS[e.key];
    if (step) {
      e.preventDefault();
      const x = Math.min(map.width - 1, Math.max(0, cursor.x + step[0]));
      const y = Math.min(map.height - 1, Math.max(0, cursor.y + step[1]));
      props.onCursor({ x, y });
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      props.onSquare(cursor);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      props.onRemove(cursor);
    } else if (e.key === 'Escape') {
      props.onEscape();
    }
  };

  return (
    <div
      class="encounter-map"
      role="application"
      tabIndex={0}
      aria-label={props.label}
      aria-describedby={props.describedBy}
      data-testid="encounter-map"
      style={{ aspectRatio: `${map.width} / ${map.height}`, maxWidth: `${map.width * 32}px` }}
      onKeyDown={onKeyDown}
      onPointerMove={(e) => props.onHover?.(e.pointerType === 'mouse' ? squareOf(e) : null)}
      onPointerLeave={() => props.onHover?.(null)}
      onClick={(e) => {
        const cell = squareOf(e);
        if (!cell) return;
        props.onCursor(cell);
        props.onSquare(cell);
      }}
    >
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}

function draw(canvas: HTMLCanvasElement, props: MapGridProps): void {
  const { map, foes, partyStarts, cursor, selectedId } = props;
  const s = Math.max(1, Math.min(SQUARE_PX, Math.floor(MAX_CANVAS_PX / Math.max(map.width, map.height))));
  canvas.width = map.width * s;
  canvas.height = map.height * s;
  const ctx = canvas.getContext('2d');
  if (!ctx) return; // no 2D canvas: the list beside it still says where everyone stands
  const terrain = document.createElement('canvas');
  terrain.width = map.width;
  terrain.height = map.height;
  terrain.getContext('2d')?.putImageData(new ImageData(mapPicturePixels(map), map.width, map.height), 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(terrain, 0, 0, canvas.width, canvas.height);

  ctx.strokeStyle = 'rgba(0,0,0,0.12)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 1; x < map.width; x++) {
    ctx.moveTo(x * s + 0.5, 0);
    ctx.lineTo(x * s + 0.5, canvas.height);
  }
  for (let y = 1; y < map.height; y++) {
    ctx.moveTo(0, y * s + 0.5);
    ctx.lineTo(canvas.width, y * s + 0.5);
  }
  ctx.stroke();
  if (props.threat) paintThreat(ctx, props.threat, s);

  for (const start of partyStarts) {
    ctx.strokeStyle = '#1d4ed8';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc((start.x + 0.5) * s, (start.y + 0.5) * s, s * 0.32, 0, Math.PI * 2);
    ctx.stroke();
  }

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `bold ${Math.round(s * 0.5)}px system-ui, sans-serif`;
  foes.forEach((foe, i) => {
    const size = foe.statBlock.size;
    const [x, y, w] = [foe.cell.x * s + 2, foe.cell.y * s + 2, size * s - 4];
    ctx.fillStyle = foe.hidden ? 'rgba(153,27,27,0.45)' : 'rgba(153,27,27,0.9)';
    ctx.fillRect(x, y, w, w);
    ctx.setLineDash(foe.hidden ? [4, 3] : []);
    ctx.strokeStyle = foe.id === selectedId ? '#facc15' : '#450a0a';
    ctx.lineWidth = foe.id === selectedId ? 4 : 2;
    ctx.strokeRect(x, y, w, w);
    ctx.setLineDash([]);
    if (s >= MIN_NUMBER_PX) {
      ctx.fillStyle = '#fff';
      ctx.fillText(String(i + 1), x + w / 2, y + w / 2 + 1);
    }
  });

  // The cursor: dark and light outlines, seen on any terrain colour.
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#111';
  ctx.strokeRect(cursor.x * s + 1.5, cursor.y * s + 1.5, s - 3, s - 3);
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#fff';
  ctx.strokeRect(cursor.x * s + 3.5, cursor.y * s + 3.5, s - 7, s - 7);
}
