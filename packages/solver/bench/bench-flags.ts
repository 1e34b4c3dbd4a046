/** The value after `name` on the command line (`--time-limit 10`), or `fallback` when it is not given. */
export function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
}
