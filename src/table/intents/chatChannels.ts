import type * as Y from 'yjs';
import type { ChannelId } from '../../schema/chat';

/**
 * The room's player channels as the server knows them from its invites (docs/table.md
 * "Channels"): what an intent needs to name a whisper's reader and to find where its copies go.
 * The table never lists invites itself: only the server holds them.
 */
export interface ChatChannels {
  /** The sender's own channel (a player's invite id); absent for the GM. */
  readonly own?: ChannelId;
  /** The name on this room's invite whose channel this is; undefined when the room has none. */
  nameOf(channel: ChannelId): string | undefined;
}

/** …and each channel's doc (the server loads it on demand), where the player's copy is written. */
export interface ChannelDocs extends ChatChannels {
  /** Undefined when the server cannot load it now (then nothing of the line is written). */
  doc(channel: ChannelId): Y.Doc | undefined;
}
