import { computeBounds } from '../src/bounds/bound-list.ts';
import { buildProblem } from '../src/problem/problem.ts';
import { loadBenchInstance } from './generated-instances.ts';
for (const id of process.argv.slice(2)) {
  const problem = buildProblem({ ...loadBenchInstance(id), distances: 'floor' });
  const started = performance.now();
  const figures = computeBounds(problem);
  console.log(id, `${(performance.now() - started).toFixed(0)} ms`, figures.values.map((v) => `${v.name} ${v.makespan_s.toFixed(1)}`).join(', '));
}
