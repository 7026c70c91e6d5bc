// `node --import` this file to have the process print `imported <url>` for each module it resolves
// whose URL matches IMPORT_PATTERN (startup.test.ts). Module hooks run on their own thread in
// Node 20, so the URLs come back over a message port.
import { register } from 'node:module';
import process from 'node:process';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => process.stdout.write(`imported ${url}\n`));
port1.unref();
register('./logImportsHooks.mjs', import.meta.url, {
  data: { port: port2, pattern: process.env.IMPORT_PATTERN ?? '$^' },
  transferList: [port2],
});
