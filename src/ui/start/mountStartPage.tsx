import { signal } from '@preact/signals';
import { render } from 'preact';
import { adoptLibraryLink } from '../library/libraryKey';
import { browserStorage } from '../browserStorage';
import { loadStartCatalog } from './startCatalog';
import { createStartState } from './startState';
import { StartPage } from './StartPage';
import { readYourRooms } from './yourRooms';

/** Mount the start page (`/`) once its lists are loaded; `data-ready` tells tests it can be driven. */
export async function mountStartPage(root: HTMLElement): Promise<void> {
  const storage = browserStorage();
  // A "library link" from another device: keep its key here, out of the address bar.
  adoptLibraryLink(storage, window.location, window.history);
  const rooms = signal(readYourRooms(storage));
  const catalog = await loadStartCatalog();
  const state = createStartState(catalog);
  // The page scrolls inside its own box: the table keeps `body` fixed to the window.
  root.replaceChildren();
  root.classList.add('start-scroll');
  render(<StartPage state={state} rooms={rooms} storage={storage} />, root);
  document.body.dataset['ready'] = 'true';
}
