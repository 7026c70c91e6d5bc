import { useLayoutEffect, useRef } from 'preact/hooks';
import type { MapData } from '../../schema/map';
import { drawMapPicture } from './mapPicture';
import { mapCaption } from './startCatalog';
import type { StartState } from './startState';

/**
 * The sample maps as pictures with their size: a native radio group (arrow keys move the choice,
 * Tab leaves it), each card a label, so a click anywhere on the picture chooses it.
 */
export function MapChooser({ state }: { state: StartState }) {
  const chosen = state.mapFile.value;
  return (
    <fieldset
      class="map-choices"
      role="radiogroup"
      aria-labelledby="map-choices-legend"
      data-testid="map-choices"
    >
      <legend id="map-choices-legend">Battlefield</legend>
      {state.catalog.maps.length === 0 && (
        <p class="muted">This server has no sample maps: upload a map file.</p>
      )}
      {state.catalog.maps.map((entry) =>
        'map' in entry ? (
          <label key={entry.file} class="map-card" data-testid={`map-choice-${entry.file}`}>
            <MapPicture file={entry.file} map={entry.map} />
            <span class="map-caption">
              <input
                type="radio"
                name="start-map"
                value={entry.file}
                checked={chosen === entry.file}
                onChange={() => state.chooseMap(entry.file)}
              />
              {mapCaption(entry.map)}
            </span>
          </label>
        ) : (
          <div key={entry.file} class="map-card broken" data-testid={`map-choice-${entry.file}`}>
            <span class="map-caption">{entry.file} cannot be used</span>
            <span class="error">{entry.error}</span>
          </div>
        ),
      )}
    </fieldset>
  );
}

/** One pixel per square, scaled up by CSS; decorative (the caption names the map and its size). */
function MapPicture({ file, map }: { file: string; map: MapData }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    if (canvas.current) drawMapPicture(canvas.current, map);
  }, [map]);
  return <canvas ref={canvas} class="map-picture" aria-hidden="true" data-testid={`map-picture-${file}`} />;
}
