import { createServer } from 'node:http';
import console from 'node:console';
import process from 'node:process';
import { URL } from 'node:url';
import { WebSocketServer } from 'ws';
// The stock y-websocket server's connection handler (no auth, no persistence: YPERSISTENCE unset).
import { setupWSConnection } from '@y/websocket-server/utils';

/**
 * The baseline for `npm run load`: stock @y/websocket-server 0.1.1 on a random port, the way its
 * README runs it (plain node, no TypeScript loader: plain JavaScript). Prints `listening on http://127.0.0.1:<port>` for the bench to read.
 */
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('stock\n');
});
const wss = new WebSocketServer({ noServer: true });
server.on('upgrade', (req, socket, head) => {
  wss.handleUpgrade(req, socket, head, (ws) => {
    const docName = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/ws\//, '');
    setupWSConnection(ws, req, { docName });
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
// Exit cleanly on the bench's SIGTERM, so `--cpu-prof` runs of this baseline write their profile.
process.on('SIGTERM', () => process.exit(0));
