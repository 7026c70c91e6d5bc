import { signal } from '@preact/signals';
import { api, type Invite } from './api';
import type { RoomModel } from './model/RoomModel';
import { pageRoomLink } from './pageLink';

/** The live room this page is the GM of (its link's room and token), or null (local demo, no server). */
export function roomOfPage(): { roomId: string; gmToken: string } | null {
  const link = pageRoomLink();
  return link && { roomId: link.roomId, gmToken: link.token };
}

/**
 * The room's player invites as the server lists them (GM only), fetched once and shared: the
 * invite panel shows and revokes them, the chat offers them as whisper targets. `load()` again
 * after a create or revoke refreshes both.
 */
export interface InviteList {
  /** Null until the first answer (or without a live room). */
  readonly invites: ReturnType<typeof signal<readonly Invite[] | null>>;
  readonly error: ReturnType<typeof signal<string>>;
  load(): Promise<void>;
}

const lists = new WeakMap<RoomModel, InviteList>();

/** The one invite list of this room model (made, and first fetched, on first use). */
export function inviteListOf(model: RoomModel): InviteList {
  const known = lists.get(model);
  if (known) return known;
  const room = model.session.gm ? roomOfPage() : null;
  const list: InviteList = {
    invites: signal<readonly Invite[] | null>(null),
    error: signal(''),
    async load() {
      if (!room) return;
      try {
        list.invites.value = (await api.listInvites(room.roomId, room.gmToken)).invites;
        list.error.value = '';
      } catch (e) {
        list.error.value = `Could not list invites: ${(e as Error).message}`;
      }
    },
  };
  lists.set(model, list);
  void list.load();
  return list;
}
