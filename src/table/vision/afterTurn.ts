/**
 * `run` once after the current event-loop turn, however often it is asked for meanwhile: the
 * fog followers explore after a change is answered, and a burst of changes explores once.
 */
export function onceAfterTurn(run: () => void): () => void {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      run();
    });
  };
}
