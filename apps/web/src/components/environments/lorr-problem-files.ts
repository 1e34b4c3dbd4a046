// A League of Robot Runners problem chosen in the browser: its JSON file and the map, agents and
// tasks files it names (matched by file name; the browser gives no folders), read by the
// warehouse package's importLorrProblem.

import { importLorrProblem, LorrProblemError, lorrProblemSchema, type ImportedLorrProblem } from '@fleetlab/warehouse';

export type LorrFilesResult =
  | { ok: true; name: string; imported: ImportedLorrProblem }
  | { ok: false; errors: string[] };

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** The problem out of the chosen files (name -> text); every missing or bad file named. */
export function lorrProblemFromFiles(files: ReadonlyMap<string, string>): LorrFilesResult {
  const problems = [...files.keys()].filter((name) => name.toLowerCase().endsWith('.json'));
  if (problems.length !== 1) {
    return {
      ok: false,
      errors: [`Choose one problem file (.json) with the files it names; got ${problems.length} .json files`],
    };
  }
  const [problemName] = problems as [string];
  const problemText = files.get(problemName) ?? '';
  let raw: unknown;
  try {
    raw = JSON.parse(problemText);
  } catch {
    return { ok: false, errors: [`${problemName}: not JSON`] };
  }
  const parsed = lorrProblemSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, errors: [`${problemName}: ${issue?.path.join('.') || 'body'}: ${issue?.message}`] };
  }
  const named = { map: parsed.data.mapFile, agents: parsed.data.agentFile, tasks: parsed.data.taskFile };
  const missing = Object.values(named).filter((path) => !files.has(baseName(path)));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: missing.map((path) => `${problemName} names ${path}: choose ${baseName(path)} with it`),
    };
  }
  const text = (path: string) => files.get(baseName(path)) ?? '';
  try {
    const imported = importLorrProblem({
      problem: problemText,
      map: text(named.map),
      agents: text(named.agents),
      tasks: text(named.tasks),
    });
    return { ok: true, name: problemName.replace(/\.json$/i, ''), imported };
  } catch (error) {
    if (error instanceof LorrProblemError) return { ok: false, errors: [error.message] };
    throw error;
  }
}
