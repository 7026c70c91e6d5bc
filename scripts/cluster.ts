import { resolve } from 'node:path';
import { startLocalCluster } from '../src/server/cluster/localCluster';
import { SERVER_NODE_FLAGS } from '../src/server/nodeFlags';

/**
 * `npm run cluster`: the table as a hosted service would run it, on this machine (docs/scaling.md):
 * PostgreSQL (a throwaway data folder), three server processes on it and HAProxy in front,
 * routing each room to one process. Ctrl+C stops everything it started and deletes the data.
 * PORT (default 8080) is the proxy's port; PROCESSES (default 3) the number of server processes.
 */
const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8080);
const processes = Number(process.env.PROCESSES ?? 3);
if (!Number.isInteger(port) || port < 1 || port > 65535)
  throw new Error(`PORT: expected a port number, got ${process.env.PORT}`);
if (!Number.isInteger(processes) || processes < 1 || processes > 16)
  throw new Error(`PROCESSES: expected 1 to 16 server processes, got ${process.env.PROCESSES}`);

console.log(`starting PostgreSQL, ${processes} server processes and HAProxy...`);
const cluster = await startLocalCluster({
  processes,
  serverArgs: [...SERVER_NODE_FLAGS, 'dist-server/main.js'],
  rootDir: root,
  proxyPort: port,
  demo: true,
  onOutput: (name, line) => console.log(`[${name}] ${line}`),
});
console.log('');
console.log(`icon-vtt cluster: open ${cluster.origin}/`);
console.log(
  `  PostgreSQL on port ${cluster.postgres.port} (data in ${cluster.postgres.dataDir}, deleted at the end)`,
);
for (const p of cluster.processes) console.log(`  ${p.name} on port ${p.port} (process ${p.pid()})`);
console.log(`  HAProxy on port ${port}, routing each room to one process`);
console.log('Ctrl+C stops everything.');

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the cluster...`);
  cluster.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`could not stop everything: ${(error as Error).message}`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
