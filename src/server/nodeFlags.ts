/**
 * The V8 flags the room server runs with: `npm start` passes them to node (package.json; a test
 * keeps the two the same), and `npm run load` starts our server with them too.
 *
 * `--no-memory-reducer`: V8's memory reducer takes a server that allocates little (one that moves
 * a token now and then in every room) for an idle one, and runs up to three full, compacting
 * collections in a row to hand memory back to the system. Those pauses came in the middle of
 * live traffic: 7–24 ms each, with incremental-marking steps of up to 12 ms, where the rest of our
 * collections pause for 1–7 ms; with the slowest move at most 20 ms (issue 10), one of them
 * decided the run. Without the reducer the heap keeps the room it once needed and is collected
 * when it fills, as usual (docs/server/performance.md, "Memory").
 *
 * `--optimize-for-size`: a young generation of 1 MiB instead of up to 16 MiB a half, which the
 * reducer no longer shrinks, and a heap that grows in smaller steps: 112–115 MiB resident after the
 * load test's GM phase instead of 145, for more, shorter scavenges (about 285 in that phase, the
 * longest 6–9 ms, instead of 17 of at most 4 ms) and about 10 % more CPU; the GM-write p99 and the
 * slowest move stay within their targets. `--max-semi-space-size=1` alone gave 123 MiB: the rest
 * of the flag's saving is the heap's growth.
 *
 * `--v8-pool-size=1`: one V8 helper thread for concurrent marking and parallel scavenges instead
 * of four. Each thread that allocates gets a malloc arena of its own, which keeps what it once
 * held: five of them held 11 MiB of the server's resident set after the load test's GM phase. With
 * one helper that phase ended 6 MiB lower, its collections still within the latency targets; the
 * server is meant for small machines (the dev VM has 2 cores), where more helpers add little.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--no-memory-reducer',
  '--optimize-for-size',
  '--v8-pool-size=1',
];
