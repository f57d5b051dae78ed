import { messages, parameterListMaxNames, parameterListReply } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameters } from '../db/schema/index.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('GET /getParameter/{name}: one name or a comma list (spec 1 section 7, spec 3 section 9)', () => {
  let t: TestApp;
  const anonymous = () => new TestClient(t.app);

  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers the readable parameters of a comma list, in the asked order, in one reply', async () => {
    const response = await anonymous().get(
      '/api/getParameter/rw_CNTBkTalkToThe,sWebCustomLinks,bEnableConnectBookings,no-such-parameter',
    );
    expect(response.statusCode, response.body).toBe(200);
    const { data } = parameterListReply.parse(response.json());
    expect(data).toEqual([
      { name: 'rw_CNTBkTalkToThe', value: 'Talk to the Analyst' },
      { name: 'bEnableConnectBookings', value: '1' },
    ]);
    // A private parameter named in a list is left out, name and value.
    expect(response.body).not.toContain('sWebCustomLinks');
  });

  it('keeps the single form: one parameter, or 404 for a private or missing one', async () => {
    expect((await anonymous().get('/api/getParameter/bEnableConnectBookings')).json()).toEqual({
      name: 'bEnableConnectBookings',
      value: '1',
    });
    for (const name of ['sWebCustomLinks', 'nothingHere']) {
      const response = await anonymous().get(`/api/getParameter/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ success: false, message: messages.errors.notFound });
    }
  });

  it('answers a list of one with a list, repeats once, and leaves out names stored as not public', async () => {
    expect(
      parameterListReply.parse((await anonymous().get('/api/getParameter/bEnableConnectBookings,')).json()),
    ).toEqual({ data: [{ name: 'bEnableConnectBookings', value: '1' }] });
    const repeated = await anonymous().get('/api/getParameter/rw_CNTBkTalkToThe,%20rw_CNTBkTalkToThe');
    expect(repeated.json().data).toHaveLength(1);
    await t.db.update(parameters).set({ isPublic: false }).where(eq(parameters.name, 'rw_CNTBkTalkToThe'));
    try {
      const hidden = await anonymous().get('/api/getParameter/rw_CNTBkTalkToThe,bEnableConnectBookings');
      expect(hidden.json().data.map((p: { name: string }) => p.name)).toEqual(['bEnableConnectBookings']);
    } finally {
      await t.db.update(parameters).set({ isPublic: true }).where(eq(parameters.name, 'rw_CNTBkTalkToThe'));
    }
    expect((await anonymous().get('/api/getParameter/sWebCustomLinks,')).json()).toEqual({ data: [] });
  });

  it('refuses an empty list, too many names or an overlong name with 400', async () => {
    for (const bad of [
      ',',
      '%20,%20',
      Array.from({ length: parameterListMaxNames + 1 }, (_, i) => `p${i}`).join(','),
      `a,${'b'.repeat(101)}`,
    ]) {
      const response = await anonymous().get(`/api/getParameter/${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });
});
