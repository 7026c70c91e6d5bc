/**
 * The room link this page was opened with (`?room=<id>&token=<token>`, as the server builds
 * links), or null: the start page or the offline demo. The one place the page reads its access
 * from the address: the token is the room's key, so every caller that needs it asks here.
 */
export function pageRoomLink(): { readonly roomId: string; readonly token: string } | null {
  const params = new URLSearchParams(window.location.search);
  const roomId = params.get('room');
  const token = params.get('token');
  return roomId && token ? { roomId, token } : null;
}
