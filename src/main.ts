/**
 * Browser composition root. `?room=<id>&token=<token>` opens a live room (GM or player, as the
 * token says); `?demo=<map file>&tokens=<n>` opens an offline demo table (used by the render
 * benchmark); no parameters shows the start page (src/ui/start/).
 */
// PixiJS without eval(): lets the page run under a Content-Security-Policy with no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import './ui/styles.css';
import { api, unwrap } from './ui/api';
import { builtInDemoMap, demoTokens } from './ui/demoScene';
import { el } from './ui/dom';
import { localSession } from './ui/localSession';
import { parseMapFile } from './ui/mapFile';
import { connectRemoteSession } from './ui/remoteSession';
import { ChunkUnavailable } from './ui/lazy/lazyChunk';
import { keyNoticeChunk, startPageChunk } from './ui/lazy/chunks';
import { pageRoomLink } from './ui/pageLink';
import { mountTableScreen } from './ui/TableScreen';

async function start(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) throw new Error('index.html has no #app element');
  const params = new URLSearchParams(window.location.search);
  const link = pageRoomLink();
  const demo = params.get('demo');
  try {
    if (link) {
      root.replaceChildren(el('div', { class: 'create' }, 'Connecting to the room…'));
      const session = await connectRemoteSession(link.roomId, link.token);
      await mountTableScreen(root, session);
      // Just created here: tell the GM once that this link is the key to the room.
      // (A notice that could not be downloaded is said by its chunk's seam.)
      if (session.viewer.role === 'gm')
        void keyNoticeChunk.load().then(
          (m) => m.showKeyNoticeIfPending(),
          () => {},
        );
    } else if (demo !== null) {
      let map = builtInDemoMap();
      if (demo) {
        const text = JSON.stringify(unwrap(await api.getMap(demo), 'map'));
        const parsed = parseMapFile(text, demo);
        if (!parsed.ok) throw new Error(parsed.error);
        map = parsed.map;
      }
      const n = Number(params.get('tokens') ?? '8');
      await mountTableScreen(root, localSession(map, demoTokens(map, n)));
    } else {
      const { mountStartPage } = await startPageChunk.load();
      await mountStartPage(root);
    }
  } catch (e) {
    document.body.dataset['ready'] = 'error';
    // Already said on the page, in words a person can act on: nothing else to show.
    if (e instanceof ChunkUnavailable) {
      root.replaceChildren();
      return;
    }
    root.replaceChildren(
      el(
        'div',
        { class: 'create', 'data-testid': 'fatal' },
        el('h1', {}, 'Could not open the table'),
        el('div', { class: 'error' }, (e as Error).message),
      ),
    );
  }
}

void start();
