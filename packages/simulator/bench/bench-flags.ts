/**
 * Reads a bench's command line: each `--flag` in turn is handed to `read` with a function that
 * takes the flag's value (the next argument; an error naming the flag when there is none).
 */
export function readFlags(argv: readonly string[], read: (flag: string, value: () => string) => void): void {
  for (let k = 0; k < argv.length; k++) {
    const flag = argv[k];
    read(flag, () => {
      const given = argv[++k];
      if (given === undefined) throw new Error(`${flag} needs a value`);
      return given;
    });
  }
}
