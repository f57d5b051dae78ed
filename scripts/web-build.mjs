// Whether the web app needs building: `npm start` used to run `vite build` on every start (about 6-10 s of an
// 11 s restart). The build output keeps a hash of every input of the build; a start builds only when that hash
// differs from the sources' (or there is no complete build). Content is hashed, not modification times, so a
// checkout or a touch that changes nothing does not rebuild, and a change in dist alone never counts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What `vite build` of apps/web reads besides node_modules (whose versions the lockfile stands for). */
export const webBuildInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Written into the build output after a successful build; Vite empties the folder when a build starts. */
export const hashFileName = '.build-inputs.sha256';

/**
 * Files under `entry` (a file or a folder), relative to `root`, in a stable order.
 * @param {string} root
 * @param {string} entry
 * @returns {string[]}
 */
const filesOf = (root, entry) => {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  const files = [];
  for (const name of readdirSync(full).sort()) {
    if (name === 'node_modules') continue;
    files.push(...filesOf(root, path.posix.join(entry, name)));
  }
  return files;
};

/** sha256 over the path and content of every input file; a missing input counts as such. */
export const hashBuildInputs = (root = repoRoot, inputs = webBuildInputs) => {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const files = filesOf(root, input);
    if (files.length === 0) hash.update(`${input}\0(missing)\0`);
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
};

/**
 * Whether `dist` must be rebuilt: `{ needed, reason, hash }`. A build is complete when its index.html is there
 * and the hash file was written after it (an interrupted build has no hash file, as Vite emptied the folder).
 */
export const webBuildStatus = (root = repoRoot, dist = path.join(root, 'apps/web/dist')) => {
  const hash = hashBuildInputs(root);
  const hashFile = path.join(dist, hashFileName);
  if (!existsSync(path.join(dist, 'index.html')) || !existsSync(hashFile)) {
    return { needed: true, reason: 'no complete build yet', hash };
  }
  if (readFileSync(hashFile, 'utf8').trim() !== hash) {
    return { needed: true, reason: 'the sources changed since the last build', hash };
  }
  return { needed: false, reason: 'up to date', hash };
};

/** Files of a build and their bytes, without the precompressed copies (`.gz`, `.br`) the server may send instead. */
export const summariseBuild = (/** @type {string} */ dist) => {
  let files = 0;
  let bytes = 0;
  for (const file of filesOf(dist, '.')) {
    if (/\.(gz|br)$/.test(file) || path.basename(file) === hashFileName) continue;
    files += 1;
    bytes += statSync(path.join(dist, file)).size;
  }
  return { files, bytes };
};

const megabytes = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Builds the web app and records the hash of the inputs it was built from. The hash is taken before the build,
 * so a source edited while Vite runs makes the next start build again rather than serve a stale app.
 * Vite prints only warnings and errors (its listing of every chunk was some 280 lines of a first start); one line
 * sums the build up. `verbose` (`npm run build -- --verbose`) keeps Vite's full listing.
 */
export const buildWeb = (root = repoRoot, hash = hashBuildInputs(root), { verbose = false } = {}) => {
  const dist = path.join(root, 'apps/web/dist');
  rmSync(path.join(dist, hashFileName), { force: true });
  const started = performance.now();
  const args = [
    'run',
    '--silent',
    'build',
    '-w',
    '@portal/web',
    '--',
    ...(verbose ? [] : ['--logLevel', 'warn']),
  ];
  const res = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) return false;
  writeFileSync(path.join(dist, hashFileName), `${hash}\n`);
  const { files, bytes } = summariseBuild(dist);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `Built the web app in ${seconds} s: ${files} files, ${megabytes(bytes)} in ${path.relative(root, dist)}.`,
  );
  return true;
};
