// The server runs as JavaScript (issue 22): `npm start`, the browser journeys and the benchmarks run the build in
// apps/server/dist, not TypeScript through a loader. esbuild transpiles each module of apps/server/src (tests
// excluded) and of the contract package one file each, keeping the tree as it is, so that every path a module
// takes relative to itself (the migrations, the web build, the demo media) holds in the build as in the sources.
// No type check here: `npm run typecheck` does that. Like the web build, the output records the hash of its
// inputs, and a start builds only when the sources changed (about 1 s when it does).
//   node scripts/server-build.mjs            builds
//   node scripts/server-build.mjs --if-needed  builds only when the sources changed since the last build
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashBuildInputs, repoRoot } from './web-build.mjs';

export const serverBuildInputs = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/server-build.mjs',
];
const hashFileName = '.build-inputs.sha256';
/** The compiled entry: `node apps/server/dist/server.js`. */
export const serverEntry = 'apps/server/dist/server.js';
/**
 * Node's flags for the server process (`npm run serve`, the browser journeys, the benchmarks; `npm start` gives
 * Node the heap flag, as it runs the server in its own process). Stack traces name the TypeScript sources; a young
 * generation of 64 MB semi-spaces (Node 20's default is 16 MB) lets the short-lived objects of many requests in
 * flight die young instead of being copied and promoted: under the uncached list benchmark the process spent about
 * 7% less CPU a request beside PostgreSQL's (bench/RESULTS.md, issue 26), for at most 144 MB more memory at peak.
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=64'];
const serverSrc = 'apps/server/src';
const serverDist = 'apps/server/dist';
const contractSrc = 'packages/contract/src';
const contractDist = 'apps/server/dist/contract';

/**
 * The modules to build: every .ts file but tests and the test helpers' folder.
 * @param {string} root
 * @param {string} dir
 * @returns {string[]}
 */
const modulesOf = (root, dir) => {
  /** @type {string[]} */
  const out = [];
  for (const name of readdirSync(path.join(root, dir)).sort()) {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) {
      if (rel === `${serverSrc}/test`) continue;
      out.push(...modulesOf(root, rel));
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
};

export const serverBuildStatus = (root = repoRoot) => {
  const hash = hashBuildInputs(root, serverBuildInputs);
  const hashFile = path.join(root, serverDist, hashFileName);
  if (!existsSync(path.join(root, serverEntry)) || !existsSync(hashFile)) {
    return { needed: true, reason: 'no complete build yet', hash };
  }
  if (readFileSync(hashFile, 'utf8').trim() !== hash) {
    return { needed: true, reason: 'the sources changed since the last build', hash };
  }
  return { needed: false, reason: 'up to date', hash };
};

/**
 * Relative imports point at the built file (`./x.ts` -> `./x.js`); the contract package (TypeScript sources in
 * the workspace) is built beside the server and imported by a relative path; other packages stay packages.
 */
/**
 * @param {string} root
 * @param {(importer: string) => string} outOf
 * @returns {import('esbuild').Plugin}
 */
const importRewriter = (root, outOf) => ({
  name: 'portal-imports',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) =>
      args.kind === 'entry-point' ? undefined : { path: args.path.replace(/\.tsx?$/, '.js'), external: true },
    );
    build.onResolve({ filter: /^@portal\/contract$/ }, (args) => {
      const from = path.dirname(outOf(args.importer));
      let rel = path
        .relative(from, path.join(root, contractDist, 'index.js'))
        .split(path.sep)
        .join('/');
      if (!rel.startsWith('../')) rel = `./${rel}`;
      return { path: rel, external: true };
    });
  },
});

export const buildServer = async (root = repoRoot, hash = hashBuildInputs(root, serverBuildInputs)) => {
  const { build } = await import('esbuild');
  const started = performance.now();
  const dist = path.join(root, serverDist);
  rmSync(dist, { recursive: true, force: true });
  /** @type {import('esbuild').BuildOptions} */
  const common = {
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  };
  /** @param {string} importer */
  const outOf = (importer) => {
    const rel = path.relative(root, importer).split(path.sep).join('/');
    const [srcRoot, distRoot] = rel.startsWith(`${contractSrc}/`)
      ? [contractSrc, contractDist]
      : [serverSrc, serverDist];
    return path.join(root, distRoot, path.posix.relative(srcRoot, rel)).replace(/\.ts$/, '.js');
  };
  try {
    /** @type {[string, string][]} */
    const parts = [
      [contractSrc, contractDist],
      [serverSrc, serverDist],
    ];
    for (const [src, out] of parts) {
      await build({
        ...common,
        entryPoints: modulesOf(root, src),
        outbase: src,
        outdir: out,
        plugins: [importRewriter(root, outOf)],
      });
    }
  } catch {
    // esbuild has printed the errors.
    return false;
  }
  // The SQL migrations are read at run time relative to db/migrate.
  cpSync(path.join(root, serverSrc, 'db/migrations'), path.join(dist, 'db/migrations'), { recursive: true });
  writeFileSync(path.join(dist, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(dist, hashFileName), `${hash}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built the server in ${seconds} s (${path.relative(root, dist)}).`);
  return true;
};

/** Builds when the sources changed since the last build; answers whether a usable build is there. */
export const ensureServerBuild = async (root = repoRoot) => {
  const status = serverBuildStatus(root);
  if (!status.needed) return true;
  console.log(`Building the server: ${status.reason}.`);
  return buildServer(root, status.hash);
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ok = process.argv.includes('--if-needed') ? await ensureServerBuild() : await buildServer();
  if (!ok) process.exit(1);
}
