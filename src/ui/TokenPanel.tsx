import { onActivateKey } from './onActivateKey';
import type { JSX } from 'preact';
import { cssColour, SIDE_COLOURS } from '../render/heightRamp';
import type { RoomModel } from './model/RoomModel';
import { canCommand, type SceneToken } from './Scene';
import { OpenSheetButton } from './sheet/OpenSheetButton';
import { PortraitButton } from './portrait/PortraitDialog';
import { gmPanelsChunk } from './lazy/chunks';
import { Lazy } from './lazy/Lazy';

/**
 * Right-panel token section: the list of tokens (GM also sees hidden ones, marked), the selected
 * token's stats (editable by the GM; read-only for players), hide/reveal, and "Place a token".
 * The selection is the model's (`selectedId`), shared with the battlefield.
 */
export function TokenPanel({ model }: { model: RoomModel }) {
  const scene = model.scene.value;
  const selectedId = model.selectedId.value;
  const gm = model.session.gm;
  const pick = (id: string) => (model.selectedId.value = id);
  const sel = scene.tokens.find((t) => t.id === selectedId);
  return (
    <section data-testid="token-panel" aria-label="Tokens">
      <h3>{gm ? 'Tokens' : 'On the battlefield'}</h3>
      <ul class="list" data-testid="token-list">
        {scene.tokens.map((t) => (
          <li
            key={t.id}
            class={t.id === selectedId ? 'selected' : undefined}
            data-testid={`token-item-${t.id}`}
            tabIndex={0}
            aria-current={t.id === selectedId ? 'true' : undefined}
            onClick={() => pick(t.id)}
            onKeyDown={onActivateKey(() => pick(t.id))}
          >
            <span>
              <Dot t={t} />
              {t.name}
              {t.hidden && <span class="muted">{t.outOfSight ? ' (out of sight)' : ' (hidden)'}</span>}
            </span>
            <span class="muted">{hpText(t)}</span>
          </li>
        ))}
      </ul>
      {sel ? (
        gm ? (
          <Lazy
            chunk={gmPanelsChunk}
            render={(m) => <m.GmTokenDetails key={sel.id} t={sel} gm={gm} model={model} />}
          />
        ) : (
          <PlayerDetails
            t={sel}
            mine={canCommand(model.viewer, sel)}
            sheet={
              <>
                <OpenSheetButton key={sel.id} model={model} tokenId={sel.id} />
                <PortraitButton key={`portrait-${sel.id}`} model={model} tokenId={sel.id} />
              </>
            }
          />
        )
      ) : (
        <p class="muted">Click a token to select it; drag your own to move.</p>
      )}
      {gm && (
        <Lazy
          chunk={gmPanelsChunk}
          render={(m) => (
            <>
              <m.PlaceFoes model={model} />
              <m.PlaceForm scene={scene} gm={gm} />
            </>
          )}
        />
      )}
    </section>
  );
}

function Dot({ t }: { t: Pick<SceneToken, 'side'> }) {
  return <span class="dot" style={{ background: cssColour(SIDE_COLOURS[t.side]) }} />;
}

function infoLine(t: SceneToken): string {
  return [
    `Size ${t.size}`,
    t.speed !== undefined ? `Speed ${t.speed}` : '',
    t.statuses.length ? `Statuses: ${t.statuses.join(', ')}` : '',
    t.blights.length ? `Blights: ${t.blights.join(', ')}` : '',
    t.incapacitated ? 'Incapacitated' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A token's name with its side's colour, and its size, speed, statuses and blights in a line. */
export function TokenHeading({ t }: { t: SceneToken }) {
  return (
    <>
      <h2>
        <Dot t={t} />
        {t.name}
      </h2>
      <div class="muted">{infoLine(t)}</div>
    </>
  );
}

/** `sheet`: the character's "Open sheet" button (src/ui/sheet/), shown to its owner only. */
function PlayerDetails({ t, mine, sheet }: { t: SceneToken; mine: boolean; sheet: JSX.Element }) {
  return (
    <div data-testid="token-details">
      <TokenHeading t={t} />
      <div>{hpText(t)}</div>
      {mine && <div class="muted">Drag to move; green squares show where you can go and the cost.</div>}
      {mine && sheet}
    </div>
  );
}

function hpText(t: SceneToken): string {
  if (t.hp === undefined) return '';
  return `${t.hp}${t.maxHp !== undefined ? `/${t.maxHp}` : ''} HP${t.vigor ? ` +${t.vigor} vigor` : ''}${t.wounds ? ` · ${t.wounds}W` : ''}`;
}
