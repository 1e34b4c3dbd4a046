/**
 * The value of a lookup that cannot fail by construction (a map filled from the same list, an
 * index in range), typed as present; throws naming `what` if the invariant is ever broken, rather
 * than letting `undefined` flow on. Not for values from outside: those get their own check and
 * message. Pass a constant `what` in hot loops, so no string is built per call.
 */
export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}
