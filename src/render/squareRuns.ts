/**
 * Squares of a width × height grid grouped by `keyOf` (-1 = none), each row's runs of one key
 * merged: key → [x, y, length, …]. The fog and threat overlays draw one rectangle per run and
 * one fill per key, instead of a rectangle per square.
 */
export function squareRuns(
  width: number,
  height: number,
  keyOf: (k: number) => number,
): Map<number, number[]> {
  const runs = new Map<number, number[]>();
  for (let y = 0; y < height; y++) {
    let start = 0;
    let key = -1;
    for (let x = 0; x <= width; x++) {
      const k = x < width ? keyOf(y * width + x) : -1;
      if (k === key) continue;
      if (key >= 0) {
        let list = runs.get(key);
        if (!list) runs.set(key, (list = []));
        list.push(start, y, x - start);
      }
      key = k;
      start = x;
    }
  }
  return runs;
}
