/** `--name=N` from the command line: a positive number, or `fallback` when absent. */
export function flag(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  const value = Number(arg.slice(name.length + 3));
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name}: expected a positive number, got "${arg}"`);
  return value;
}
