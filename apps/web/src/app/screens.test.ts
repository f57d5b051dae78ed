import { webRoutes } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from './router.tsx';
import { screens } from './screens.ts';

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
});
