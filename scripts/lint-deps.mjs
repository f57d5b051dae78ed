#!/usr/bin/env node
// `npm run lint:deps` (a step of `npm test`): the layout's walls (issue 22). One dependency-cruiser pass over apps/
// and packages/ with the rules of .dependency-cruiser.cjs (each violation printed with its rule's name and why),
// plus one check the file-level rules cannot make: no two domain modules (apps/server/src/modules/<name>/) or web
// features (apps/web/src/features/<name>/) may import each other, directly or round a longer loop of folders.
// Never silence a rule: move the code (README, "Walls").
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './web-build.mjs';

const out = path.join(os.tmpdir(), `portal-depcruise-${process.pid}.json`);
const run = spawnSync(
  'npx',
  [
    'depcruise',
    'apps',
    'packages',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
    '--output-to',
    out,
  ],
  { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] },
);
if (run.status !== 0 && run.status !== 1) process.exit(run.status ?? 1);
/** @type {{ modules: { source: string, dependencies: { resolved: string }[] }[], summary: { violations: { rule: { name: string }, from: string, to: string, cycle?: { name: string }[] }[], totalCruised: number } }} */
const result = JSON.parse(readFileSync(out, 'utf8'));
rmSync(out, { force: true });

const config = (await import(path.join(repoRoot, '.dependency-cruiser.cjs'))).default;
/** @type {Map<string, string>} */
const comments = new Map(
  config.forbidden.map((/** @type {{ name: string, comment: string }} */ r) => [r.name, r.comment]),
);

const problems = result.summary.violations.map((v) => {
  const route = v.cycle ? [v.from, ...v.cycle.map((c) => c.name)].join(' -> ') : `${v.from} -> ${v.to}`;
  return `${v.rule.name}: ${route}\n    ${comments.get(v.rule.name) ?? ''}`;
});

// Folder-level cycles: Tarjan's strongly connected components over the graph of module / feature folders.
const folderOf = (/** @type {string} */ file) =>
  /^(apps\/server\/src\/modules|apps\/web\/src\/features)\/[^/]+/.exec(file)?.[0];
/** @type {Map<string, Set<string>>} */
const edges = new Map();
for (const mod of result.modules) {
  const from = folderOf(mod.source);
  if (!from || /\.test\.tsx?$/.test(mod.source)) continue;
  for (const dep of mod.dependencies) {
    const to = folderOf(dep.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)?.add(to);
  }
}
let counter = 0;
/** @type {Map<string, number>} */
const index = new Map();
/** @type {Map<string, number>} */
const low = new Map();
/** @type {string[]} */
const stack = [];
const onStack = new Set();
/** @type {string[][]} */
const components = [];
const visit = (/** @type {string} */ v) => {
  index.set(v, counter);
  low.set(v, counter);
  counter += 1;
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
  }
  if (low.get(v) === index.get(v)) {
    /** @type {string[]} */
    const component = [];
    let w;
    do {
      w = stack.pop() ?? v;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  }
};
for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
for (const component of components) {
  const imports = component.flatMap((a) =>
    [...(edges.get(a) ?? [])].filter((b) => component.includes(b)).map((b) => `${a} -> ${b}`),
  );
  problems.push(
    `folder-cycle: ${component.join(', ')}\n    These folders import each other (${imports.join('; ')}): ` +
      'move what they share into a module both import, or pass one in from the composition root.',
  );
}

if (problems.length > 0) {
  console.error(
    `${problems.join('\n')}\n\n${problems.length} wall violation(s) in ${result.summary.totalCruised} modules.`,
  );
  process.exit(1);
}
console.log(`The walls hold: ${result.summary.totalCruised} modules, no violation, no folder cycle.`);
