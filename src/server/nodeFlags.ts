/**
 * The V8 flags the room server runs with: `npm start` passes them to node (package.json; a test
 * keeps the two the same), and `npm run load` starts our server with them too.
 *
 * `--no-memory-reducer`: V8's memory reducer takes a server that allocates little (one that moves
 * a token now and then in every room) for an idle one, and runs up to three full, compacting
 * collections in a row to hand memory back to the system. Those pauses came in the middle of
 * live traffic: 7–24 ms each, with incremental-marking steps of up to 12 ms, where the rest of our
 * collections pause for 1–7 ms; with the slowest move at most 20 ms (issue 10), one of them
 * decided the run. Without the reducer the heap keeps the room it once needed (about 80 MiB more
 * resident after the load test's GM traffic, up to 220 MiB more at its peak with the 40,000-line
 * room) and is collected when it fills, as usual (docs/server.md, session 23).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--no-memory-reducer'];
