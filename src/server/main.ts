import { networkInterfaces } from 'node:os';
import { parseServerConfig } from './config';
import { linkOrigin } from './linkOrigin';
import { openDemoRoom } from './demoRoom';
import { startServer } from './startServer';
import { eventsFileWriter } from './eventsFile';

/** `npm start`: the one server process (HTTP API, built client, y-websocket endpoint, storage). */
async function main(): Promise<void> {
  const config = parseServerConfig(process.argv.slice(2), process.env);
  if (config.diceWarning) {
    const bar = '!'.repeat(78);
    console.warn(`${bar}\n!! ${config.diceWarning}\n${bar}`);
  }
  const server = await startServer({
    port: config.port,
    host: config.host,
    dataDir: config.dataDir,
    dice: config.dice,
    durability: config.durability,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    ...(process.env.EVENTS_FILE ? { onEvent: eventsFileWriter(process.env.EVENTS_FILE) } : {}),
    ...(config.roomsPerHour !== undefined ? { roomsPerHour: config.roomsPerHour } : {}),
    ...(config.librariesPerHour !== undefined ? { librariesPerHour: config.librariesPerHour } : {}),
  });
  console.log(
    `icon-vtt server listening on ${server.origin} (${config.databaseUrl ? 'rooms in PostgreSQL' : `data in ${config.dataDir}, durability ${config.durability}`})`,
  );
  // Links must open on the players' machines, not only on this one (docs/server.md, "Links").
  const links = linkOrigin({
    host: config.host,
    port: server.port,
    publicUrl: config.publicUrl,
    interfaces: networkInterfaces(),
  });
  if (links.origin !== server.origin) console.log(`links use ${links.origin}`);
  if (links.note) console.warn(links.note);
  if (config.demo) {
    try {
      const demo = await openDemoRoom(server.ctx, links.origin);
      if (demo) {
        console.log(`demo room ${demo.roomId}${demo.created ? ' (created)' : ''}`);
        console.log(`  GM link:     ${demo.gmLink}`);
        console.log(
          `  player link: ${demo.playerLink}  (${demo.playerName}: ${demo.characterIds.join(', ') || 'no characters'})`,
        );
      } else {
        console.log('no sample map in maps/ yet: demo room not created (create a room from the start page)');
      }
    } catch (error) {
      console.error(`demo room not opened: ${(error as Error).message}`);
    }
  }
  const stop = (signal: string): void => {
    console.log(`${signal}: closing`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`server failed to start: ${(error as Error).message}`);
  process.exit(1);
});
