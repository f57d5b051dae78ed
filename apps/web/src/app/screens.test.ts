import { webRoutes } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from './router.tsx';
import { screens } from './screens.ts';
import screensSource from './screens.ts?raw';

describe('screen map', () => {
  it('has a module for every screen of the contract route table', () => {
    const missing = webRoutes.filter((route) => !(route.screen in screens)).map((route) => route.screen);
    expect(missing).toEqual([]);
  });
  it('builds one guarded route per table entry, plus the 404', () => {
    const layouts = buildRoutes()[0]?.children ?? [];
    const paths = layouts.flatMap((layout) => (layout.children ?? []).map((route) => route.path));
    expect(paths).toHaveLength(webRoutes.length + 1);
    expect(paths).toContain('*');
  });
  it('names each route module after its screen id in kebab case (the server preloads it by that name)', () => {
    const modules = [...screensSource.matchAll(/^\s+(\w+): \(\) => import\('\.\/routes\/([\w-]+)\.tsx'\)/gm)];
    expect(modules.length).toBeGreaterThan(20);
    for (const [, screen, file] of modules) {
      expect(file, screen).toBe(screen!.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));
    }
  });
});
