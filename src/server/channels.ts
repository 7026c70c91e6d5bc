import type { Session } from './auth';
import { inviteName } from './invites';
import { channelOf } from './permissions';
import type { Room } from './RoomManager';
import type { ChannelDocs } from './tableBridge';

/**
 * The room's player channels as an intent sees them (docs/table.md "Channels"): the sender's
 * own, the invite names, and each channel's doc, loaded on demand. A channel is only ever an
 * invite of this room: a whisper to any other id is refused before a doc is asked for.
 */
export function channelDocsFor(room: Room, session: Session): ChannelDocs {
  const own = channelOf(session);
  return {
    ...(own ? { own } : {}),
    nameOf: (channel) => inviteName(room, channel),
    doc: (channel) => room.channel(channel)?.doc,
  };
}
