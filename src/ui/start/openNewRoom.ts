import { api, linkPath } from '../api';
import { keyNoticeAfterCreate } from './keyNoticeState';
import { rememberRoom, type KeyValueStorage } from './yourRooms';

/**
 * Create a room and go to its table as its GM, the same way from every place that starts one
 * (the start page's form, the encounter builder, a library entry): the room joins "Your rooms",
 * the GM is told once to keep the link, and the page opens the GM link. Refusals throw the
 * server's sentence (an ApiError) for the caller to show.
 */
export async function openNewRoom(
  storage: KeyValueStorage,
  body: Parameters<typeof api.createRoom>[0],
): Promise<void> {
  const room = await api.createRoom(body);
  const gmLink = linkPath(room.gmLink);
  rememberRoom(storage, {
    name: body.name?.trim() || 'Untitled room',
    gmLink,
    createdAt: new Date().toISOString(),
  });
  keyNoticeAfterCreate(storage);
  window.location.href = gmLink;
}
