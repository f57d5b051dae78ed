import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures, fixturePassword } from './catalogue-fixtures.ts';
import { TestClient } from './client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe('subject pages: analysts, Our People, companies, countries, sectors, key charts (issue 3)', () => {
  let t: TestApp;
  let reader: TestClient;
  let anonymous: TestClient;
  const ref: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    ref.asia = await f.region('Asia');
    ref.europe = await f.region('Europe');
    ref.japan = await f.country('Japan', ref.asia);
    ref.germany = await f.country('Germany', ref.europe);
    ref.nowhere = await f.country('Atlantis');
    ref.semis = await f.sector('Semiconductors', 10000131);
    ref.banks = await f.sector('Banks');
    ref.zed = await f.analyst('Zed Order', { sectorIds: [ref.banks], sortOrder: 1, jobCategory: 'Sales' });
    ref.amy = await f.analyst('Amy Unordered', { sectorIds: [ref.semis, ref.banks] });
    ref.bob = await f.analyst('Bob Second', { sortOrder: 2 });
    ref.hidden = await f.analyst('Hidden Person', { isOurPeople: false });
    ref.sony = await f.company('Sony Group', { countryId: ref.japan, sectorId: ref.semis });
    ref.bank = await f.company('Commerzbank', { countryId: ref.germany });
    await f.keyChart(ref.semis, 'Global IP', 'Patent filings');
    await f.keyChart(ref.semis, 'China', 'Export share');
    const readerId = await f.user('subjects@fixture.test');
    await f.subscribe(readerId, [ref.banks]);
    reader = new TestClient(t.app);
    await reader.login('subjects@fixture.test', fixturePassword);
    anonymous = await new TestClient(t.app).start();
  });
  afterAll(() => t?.close());

  const ok = async (client: TestClient, url: string) => {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('lists analysts publicly, by id, sector or name, null order last', async () => {
    const all = await ok(anonymous, '/api/analysts');
    expect(all.data.map((a: { name: string }) => a.name)).toEqual([
      'Zed Order',
      'Bob Second',
      'Amy Unordered',
      'Hidden Person',
    ]);
    const amy = all.data.find((a: { id: number }) => a.id === ref.amy);
    expect(amy).toMatchObject({ sJobCat: 'Analysts', order: null, is_our_people: true });
    expect(amy.sectors).toEqual([
      { id: ref.banks, sName: 'Banks' },
      { id: ref.semis, sName: 'Semiconductors' },
    ]);
    expect(
      (await ok(anonymous, `/api/analysts?id=${ref.bob}`)).data.map((a: { id: number }) => a.id),
    ).toEqual([ref.bob]);
    expect(
      (await ok(anonymous, `/api/analysts?sector=${ref.semis}`)).data.map((a: { id: number }) => a.id),
    ).toEqual([ref.amy]);
    expect((await ok(anonymous, '/api/analysts?q=second')).data).toHaveLength(1);
    expect((await ok(anonymous, '/api/analysts?id=999999')).data).toEqual([]);
    expect((await anonymous.get('/api/analysts?id=abc')).statusCode).toBe(400);
  });

  it('lists Our People publicly in order with their job categories', async () => {
    const people = await ok(anonymous, '/api/overall/ourPeople');
    expect(people.data.map((a: { name: string }) => a.name)).toEqual([
      'Zed Order',
      'Bob Second',
      'Amy Unordered',
    ]);
    expect(people.categories).toEqual(['Analysts', 'Sales']);
  });

  it('lists companies with country and sector for signed-in readers', async () => {
    expect((await anonymous.get('/api/companies')).statusCode).toBe(401);
    const all = await ok(reader, '/api/companies');
    expect(all.data.map((c: { name: string }) => c.name)).toEqual(['Commerzbank', 'Sony Group']);
    const sony = await ok(reader, `/api/companies?id=${ref.sony}`);
    expect(sony.data).toEqual([
      {
        id: ref.sony,
        name: 'Sony Group',
        display: 'Sony Group',
        sName: 'Sony',
        sBBG_Code: '',
        description: null,
        image: null,
        country: { id: ref.japan, name: 'Japan' },
        sector: { id: ref.semis, sName: 'Semiconductors' },
      },
    ]);
    expect((await ok(reader, '/api/companies?q=commerz')).data).toHaveLength(1);
    expect((await ok(reader, '/api/companies?q=100%25')).data).toEqual([]);
  });

  it('lists countries with regions, filtered by region name', async () => {
    const all = await ok(reader, '/api/countries');
    expect(all.data).toEqual([
      { id: ref.nowhere, name: 'Atlantis', region: null },
      { id: ref.germany, name: 'Germany', region: { id: ref.europe, name: 'Europe' } },
      { id: ref.japan, name: 'Japan', region: { id: ref.asia, name: 'Asia' } },
    ]);
    expect(all.regions).toEqual([
      { id: ref.asia, name: 'Asia' },
      { id: ref.europe, name: 'Europe' },
    ]);
    expect(
      (await ok(reader, '/api/countries?region=asia')).data.map((c: { name: string }) => c.name),
    ).toEqual(['Japan']);
    expect((await anonymous.get('/api/countries')).statusCode).toBe(401);
  });

  it('lists sectors with the caller subscription flag, one by id, or only the caller own', async () => {
    const all = await ok(reader, '/api/sectors');
    expect(all.data.map((s: { id: number; subscribed: boolean }) => [s.id, s.subscribed])).toEqual([
      [ref.banks, true],
      [ref.semis, false],
    ]);
    expect((await ok(reader, `/api/sectors?id=${ref.semis}`)).data).toEqual([
      { id: ref.semis, sName: 'Semiconductors', description: null, image: null, subscribed: false },
    ]);
    expect((await ok(reader, '/api/sectors?mine=1')).data.map((s: { id: number }) => s.id)).toEqual([
      ref.banks,
    ]);
    expect((await reader.get('/api/sectors?id=x')).statusCode).toBe(400);
  });

  it('lists the key charts of a sector grouped by category', async () => {
    const charts = await ok(reader, `/api/keycharts?sectorId=${ref.semis}`);
    expect(charts.data.map((c: { category: string; title: string }) => [c.category, c.title])).toEqual([
      ['China', 'Export share'],
      ['Global IP', 'Patent filings'],
    ]);
    expect(charts.data[0]).toMatchObject({ unit: '%', labels: ['2029', '2030'], source: 'Fixture' });
    expect((await ok(reader, `/api/keycharts?sectorId=${ref.banks}`)).data).toEqual([]);
    expect((await reader.get('/api/keycharts')).statusCode).toBe(400);
  });
});
