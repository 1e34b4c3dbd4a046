/** Deepest nesting a body may have: records are at most 6 levels deep, task details a few more. */
export const MAX_BODY_DEPTH = 32;

interface Visit {
  value: object;
  depth: number;
  parent: Visit | null;
  key: string | number | null;
}

const NUL = '\u0000';

/**
 * What PostgreSQL cannot store, or the server cannot walk safely, in a parsed JSON body, as
 * `<path>: <problem>` (e.g. `body.details.additional_details.note: must not contain the NUL
 * character`), or null. Checked for every body before validation, because free-form parts of
 * records (a task's `additional_details`) are stored as they come: a NUL character fails any text
 * or jsonb write, and very deep nesting overflows the stack of whatever walks it later.
 */
export function findUnstorableJson(body: unknown): string | null {
  if (typeof body === 'string') return body.includes(NUL) ? 'body: must not contain the NUL character' : null;
  if (body === null || typeof body !== 'object') return null;
  // Iterative, so a hostile depth cannot overflow this walk either; only objects and arrays are
  // queued, strings are checked where they sit.
  const stack: Visit[] = [{ value: body, depth: 0, parent: null, key: null }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    if (visit.depth >= MAX_BODY_DEPTH) return `${pathOf(visit)}: must not nest deeper than ${MAX_BODY_DEPTH} levels`;
    const entries: Iterable<[string | number, unknown]> = Array.isArray(visit.value)
      ? visit.value.entries()
      : Object.entries(visit.value);
    for (const [key, child] of entries) {
      if (typeof key === 'string' && key.includes(NUL))
        return `${pathOf(visit)}: field names must not contain the NUL character`;
      if (typeof child === 'string') {
        if (child.includes(NUL)) return `${pathOf(visit, key)}: must not contain the NUL character`;
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, depth: visit.depth + 1, parent: visit, key });
      }
    }
  }
  return null;
}

function pathOf(visit: Visit, lastKey?: string | number): string {
  const keys: Array<string | number> = lastKey === undefined ? [] : [lastKey];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) keys.unshift(at.key);
  return ['body', ...keys].join('.');
}
