import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes.ts';
import { callNeedsCsrf, stateChangingGets } from './state-changing-gets.ts';

describe('stateChangingGets', () => {
  it('lists exactly the GET routes of the table that change state', () => {
    const fromTable = apiRoutes.filter((r) => r.method === 'GET' && r.changesState).map((r) => r.path);
    expect([...stateChangingGets].sort()).toEqual([...fromTable].sort());
  });

  it('asks the CSRF header for every route the table marks as changing state', () => {
    for (const route of apiRoutes) {
      if (route.changesState && !route.tokenOnly) expect(callNeedsCsrf(route.method, route.path)).toBe(true);
    }
    expect(callNeedsCsrf('get', '/repository/updatematrix')).toBe(true);
    expect(callNeedsCsrf('GET', '/reports')).toBe(false);
  });
});
