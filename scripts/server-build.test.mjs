import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildStatus, serverEntry, serverNodeFlags } from './server-build.mjs';
import { repoRoot } from './web-build.mjs';

// A repository in miniature: a server that imports the contract package and reads a folder beside one of its
// modules, as the real one reads its migrations, built to JavaScript and run by plain Node.
describe('the compiled server (`npm start` runs JavaScript)', () => {
  let root = '';
  const write = (/** @type {string} */ file, /** @type {string} */ text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'portal-server-build-'));
    write('package-lock.json', '{"lockfileVersion":3}');
    write('packages/contract/src/index.ts', "export * from './messages.ts';\n");
    write('packages/contract/src/messages.ts', "export const greeting: string = 'Hello';\n");
    write(
      'apps/server/src/server.ts',
      [
        "import { greeting } from '@portal/contract';",
        "import { migrationsFolder } from './db/migrate.ts';",
        'console.log(JSON.stringify({ greeting, migrationsFolder }));',
      ].join('\n'),
    );
    write(
      'apps/server/src/db/migrate.ts',
      [
        "import { fileURLToPath } from 'node:url';",
        "export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));",
      ].join('\n'),
    );
    write('apps/server/src/db/migrations/0000_init.sql', 'select 1;');
    write('apps/server/src/server.test.ts', "import 'vitest';");
    write('apps/server/src/test/helper.ts', 'export const helper = 1;');
    expect(serverBuildStatus(root)).toMatchObject({ needed: true, reason: 'no complete build yet' });
    expect(await buildServer(root)).toBe(true);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('runs under plain Node, with the contract and paths relative to its modules as in the sources', () => {
    const out = execFileSync(process.execPath, [path.join(root, serverEntry)], { encoding: 'utf8' });
    const reply = JSON.parse(out);
    expect(reply.greeting).toBe('Hello');
    expect(reply.migrationsFolder).toBe(path.join(root, 'apps/server/dist/db/migrations'));
    expect(existsSync(path.join(reply.migrationsFolder, '0000_init.sql'))).toBe(true);
  });

  it('leaves tests and test helpers out', () => {
    expect(existsSync(path.join(root, 'apps/server/dist/server.test.js'))).toBe(false);
    expect(existsSync(path.join(root, 'apps/server/dist/test'))).toBe(false);
  });

  it('is built again only when a source of the server or of the contract changed', () => {
    expect(serverBuildStatus(root)).toMatchObject({ needed: false });
    write('packages/contract/src/messages.ts', "export const greeting: string = 'Hi';\n");
    expect(serverBuildStatus(root)).toMatchObject({
      needed: true,
      reason: 'the sources changed since the last build',
    });
  });

  it('needs no TypeScript loader at run time: tsx is not among the dependencies of the server', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    expect(manifest.scripts.start).not.toMatch(/tsx/);
  });

  it('runs with the server’s Node flags under `npm run serve`, and with its heap flag under `npm start`', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(scripts.serve).toMatch(new RegExp(`&& node ${serverNodeFlags.join(' ')} ${serverEntry}$`));
    const heapFlags = serverNodeFlags.filter((flag) => flag !== '--enable-source-maps');
    expect(heapFlags.length).toBeGreaterThan(0);
    expect(scripts.start).toBe(`node ${heapFlags.join(' ')} scripts/start.mjs`);
  });
});
