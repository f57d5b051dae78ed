import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Issue 10, fault 9: a build replaces the web folder under the running server (Vite empties it, then writes
// index.html late and in place). Lighthouse's page requests that fell into that window got a 500 (ENOENT on
// index.html); the pages must keep going out, the last complete one, until the new one is whole.
describe('the page while the web app is being rebuilt', () => {
  let t: TestApp;
  let webDist: string;
  const indexFile = () => path.join(webDist, 'index.html');
  const manifestFile = () => path.join(webDist, '.vite', 'manifest.json');
  const page = (build: string) =>
    `<!doctype html><html><head><title>Portal</title></head><body><div id="root">${build}</div></body></html>\n`;
  // Distinct modification times whatever the file system's resolution: the server notices a build by them.
  let mtime = Date.now() / 1000 - 1000;
  const write = async (file: string, text: string) => {
    await writeFile(file, text);
    mtime += 10;
    await utimes(file, mtime, mtime);
  };

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
    await mkdir(path.join(webDist, '.vite'), { recursive: true });
    await write(indexFile(), page('build A'));
    await write(manifestFile(), '{}');
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('keeps sending the last complete page while index.html is missing or half written', async () => {
    expect((await get('/')).body).toContain('build A');

    // The build has emptied the folder.
    await rm(indexFile());
    await rm(manifestFile());
    for (const url of ['/', '/about', '/', '/about']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('build A');
    }

    // index.html is being written: a read sees its first part only.
    const next = page('build B');
    await write(indexFile(), next.slice(0, next.indexOf('</body>')));
    for (const url of ['/', '/about']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('build A');
      expect(response.body, url).toContain('</html>');
    }

    // The build is done: the new page goes out.
    await write(indexFile(), next);
    await write(manifestFile(), '{}');
    for (const url of ['/', '/about']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('build B');
    }
  });
});
