import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashBuildInputs, hashFileName, webBuildStatus } from './web-build.mjs';

// A repository in miniature: the inputs `vite build` reads and a build output beside them.
describe('whether `npm start` builds the web app', () => {
  let root = '';
  let dist = '';
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  /** What scripts/web-build.mjs writes after a successful build. */
  const built = () => {
    write('apps/web/dist/index.html', '<html></html>');
    write(`apps/web/dist/${hashFileName}`, `${hashBuildInputs(root)}\n`);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'portal-web-build-'));
    dist = path.join(root, 'apps/web/dist');
    write('apps/web/src/main.tsx', 'render(<App />);');
    write('apps/web/index.html', '<div id="root"></div>');
    write('packages/contract/src/messages.ts', "export const hello = 'Hello';");
    write('package-lock.json', '{"lockfileVersion":3}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when there is no build yet', () => {
    expect(webBuildStatus(root, dist)).toMatchObject({ needed: true, reason: 'no complete build yet' });
  });

  it('does not build again when nothing changed', () => {
    built();
    expect(webBuildStatus(root, dist)).toMatchObject({ needed: false });
  });

  it('builds when a source of the app, of the contract or the lockfile changes', () => {
    for (const [file, text] of [
      ['apps/web/src/main.tsx', 'render(<App strict />);'],
      ['apps/web/src/new-screen.tsx', 'export {};'],
      ['packages/contract/src/messages.ts', "export const hello = 'Hi';"],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ]) {
      built();
      const before = hashBuildInputs(root);
      write(file, text);
      expect(hashBuildInputs(root), file).not.toBe(before);
      expect(webBuildStatus(root, dist), file).toMatchObject({
        needed: true,
        reason: 'the sources changed since the last build',
      });
    }
  });

  it('ignores changes in the build output itself', () => {
    built();
    const before = hashBuildInputs(root);
    write('apps/web/dist/assets/index-abc.js', 'console.log(1)');
    write('apps/web/dist/index.html', '<html><body></body></html>');
    expect(hashBuildInputs(root)).toBe(before);
    expect(webBuildStatus(root, dist)).toMatchObject({ needed: false });
  });

  it('builds again after an interrupted build (index.html without the hash file)', () => {
    built();
    rmSync(path.join(dist, hashFileName));
    expect(webBuildStatus(root, dist)).toMatchObject({ needed: true, reason: 'no complete build yet' });
  });

  it('hashes content, not file times: rewriting a file unchanged does not build', () => {
    built();
    write('apps/web/src/main.tsx', 'render(<App />);');
    expect(webBuildStatus(root, dist)).toMatchObject({ needed: false });
  });
});
