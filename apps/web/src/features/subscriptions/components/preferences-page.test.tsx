import { matrixConstants, subscriptionMessages } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { client, fakeApi, type Handler, parameterReply, renderApp } from '../../../test/render-app.tsx';
import { resetPersonAccess } from '../hooks/use-person-access.ts';

const text = subscriptionMessages.preferences;

const parameters: Record<string, string> = {
  sRWClientSubTitle: 'Choose your research',
  sRWClientSubHeading: 'Pick the products you want.',
  sRWClientSubPayDialogText: 'Some of this is paid research.',
  sRWClientAlreadySubscribedText: 'You already receive this.',
  sRWClientSubConfigJSON: JSON.stringify({
    categories: [{ label: 'Technology', items: [9100001, 11, 12] }],
    colors: [{ item: 11, color: '#1e6b3a' }],
  }),
  sRWClientSubRelevantZAxis: String(matrixConstants.subscriberZ),
  scUsrMatrixFieldId: '4100001',
};

const matrixXml =
  '<matrix><x id="300001" name="Products"/><y id="9100001" name="Asia Technology"/>' +
  '<y id="11" name="Semiconductors" parentId="9100001"/><y id="12" name="Hardware" parentId="9100001"/>' +
  '<z id="2120300001" name="Subscriber"/><z id="2120300010" name="Requested"/></matrix>';

/** The demo-like reader: subscribed to 11, nothing else. */
const api = (personXml: string, overrides: Handler = () => undefined) =>
  fakeApi(client, (call) => {
    const own = overrides(call);
    if (own) return own;
    const parameter = parameterReply(call, parameters);
    if (parameter) return parameter;
    if (call.path === '/getMatrixData') return { body: { success: true, data: matrixXml } };
    if (call.path === '/overall/GetMatrixDescription/0')
      return { body: { success: true, data: [{ iPBV_Id: 11, sDescription: 'Chips and foundries.' }] } };
    if (call.path === `/users/loadPersonMatrixDetails/${client.iPSN_Id}/U`)
      return { body: { success: true, data: personXml } };
    return undefined;
  });

const subscribedTo11 = `<matrix psnId="${client.iPSN_Id}" entity="U"><y value="11"><z value="2120300001" name="Subscriber"/></y></matrix>`;

describe('subscription preferences (spec 3 sections 2 and 4)', () => {
  beforeEach(() => resetPersonAccess());

  it('requests a product through the pay dialog: matrix, mail and mail event, then back to /settings', async () => {
    const { calls } = api(subscribedTo11, (call) => {
      if (call.path === '/Repository/UpdateMatrix')
        return { body: { success: true, data: { inserted: [9100001, 12], deleted: [] } } };
      if (call.path === '/SendEmail')
        return { body: { success: true, data: { template: 'sWebEmlTMPLTExstClient', queued: 1 } } };
      if (call.path === '/users/insertMailEvent') return { body: { success: true, data: { id: 5 } } };
      return undefined;
    });
    const app = renderApp('/subscriptionPreference/settings');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your research' }),
    ).toBeInTheDocument();

    const subscribed = screen.getByRole('button', { name: /Semiconductors/ });
    expect(subscribed).toHaveAttribute('aria-pressed', 'true');
    expect(subscribed).toHaveAccessibleDescription('Chips and foundries.');
    expect(screen.getByRole('button', { name: 'Hardware' })).toHaveAccessibleDescription(text.noDescription);
    const save = screen.getByRole('button', { name: text.save });
    expect(save).toBeDisabled();

    // a subscribed chip is blocked with the already-subscribed dialog
    await user.click(subscribed);
    const already = await screen.findByRole('dialog', { name: text.alreadySubscribedTitle });
    expect(already).toHaveTextContent('You already receive this.');
    // ours: the way to stop it is that item's unsubscribe form
    expect(within(already).getByRole('link', { name: text.unsubscribeLink })).toHaveAttribute(
      'href',
      '/unsubscribe/11',
    );
    await user.click(within(already).getByRole('button', { name: text.ok }));

    // Hardware is the last child missing: the product is selected with it
    await user.click(screen.getByRole('button', { name: 'Hardware' }));
    expect(screen.getByRole('button', { name: 'Asia Technology' })).toHaveAttribute('aria-pressed', 'true');
    expect(save).toBeEnabled();
    await user.click(save);
    const pay = await screen.findByRole('dialog', { name: text.payDialogTitle });
    expect(pay).toHaveTextContent('Some of this is paid research.');
    await user.click(within(pay).getByRole('button', { name: text.yes }));

    const done = await screen.findByRole('dialog', { name: text.doneTitle });
    expect(done).toHaveTextContent(text.contactedShortly);
    const update = calls.find((c) => c.path === '/Repository/UpdateMatrix');
    const query = new URLSearchParams(update?.search);
    expect(query.get('insertXml')).toBe(
      '<matrix><x id="300001"><y id="12"><z value="2120300010"/></y><y id="9100001"><z value="2120300010"/></y></x></matrix>',
    );
    expect(query.get('deleteXml')).toBeNull();
    expect([
      query.get('psnId'),
      query.get('psnEntity'),
      query.get('schemaId'),
      query.get('schemaFieldId'),
    ]).toEqual([String(client.iPSN_Id), 'U', 'scUsrMatrix', '4100001']);
    expect(update?.headers['x-csrf-token']).toBe('csrf-from-server');
    const send = calls.find((c) => c.path === '/SendEmail');
    expect(new URLSearchParams(send?.search).get('emailBodyParameterName')).toBe('sWebEmlTMPLTPublicYes');
    expect(calls.find((c) => c.path === '/users/insertMailEvent')?.body).toEqual({
      psnId: client.iPSN_Id,
      emailObj: { body: 'sWebEmlTMPLTExstClient' },
      subData: { sectorIds: [9100001, 12] },
    });
    await user.click(within(done).getByRole('button', { name: text.ok }));
    await waitFor(() => expect(app.location()).toBe('/settings'));
  });

  it('saves removals without the pay dialog, and keeps the choice with a clear error when the mail fails', async () => {
    let mailFails = true;
    const { calls } = api(
      `<matrix psnId="${client.iPSN_Id}" entity="U"><y value="12"><z value="2120300010"/></y></matrix>`,
      (call) => {
        if (call.path === '/Repository/UpdateMatrix')
          return { body: { success: true, data: { inserted: [], deleted: [12] } } };
        if (call.path === '/SendEmail')
          return mailFails
            ? { status: 429, body: { success: false, message: subscriptionMessages.errors.mailLimit } }
            : { body: { success: true, data: { template: 'sWebEmlTMPLTPublicNo', queued: 1 } } };
        if (call.path === '/users/insertMailEvent') return { body: { success: true, data: { id: 6 } } };
        return undefined;
      },
    );
    renderApp('/subscriptionPreference/home');
    const user = userEvent.setup();
    const requested = await screen.findByRole('button', { name: 'Hardware' });
    expect(requested).toHaveAttribute('aria-pressed', 'true'); // a request shows selected, not subscribed
    await user.click(requested);
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(subscriptionMessages.errors.mailLimit);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Hardware' })).toHaveAttribute('aria-pressed', 'false');

    // the retry does not write the matrix twice
    mailFails = false;
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByRole('dialog', { name: text.doneTitle })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/Repository/UpdateMatrix')).toHaveLength(1);
    const update = new URLSearchParams(calls.find((c) => c.path === '/Repository/UpdateMatrix')?.search);
    expect(update.get('deleteXml')).toBe('<matrix><x id="300001"><y id="12"/></x></matrix>');
    expect(update.get('insertXml')).toBeNull();
    const sends = calls.filter((c) => c.path === '/SendEmail');
    expect(new URLSearchParams(sends.at(-1)?.search).get('emailBodyParameterName')).toBe(
      'sWebEmlTMPLTPublicNo',
    );
  });

  it('acts for the person of an e-mailed link for a visitor who is not signed in', async () => {
    const person = 7000042;
    const { calls } = fakeApi(null, (call) => {
      if (call.path === '/mailLinks/redeem')
        return {
          body: {
            success: true,
            data: {
              purpose: 'preferences',
              iPSN_Id: person,
              sEntity: 'C',
              userFullName: 'Mary Contact',
              productId: 0,
            },
          },
        };
      if (call.path.startsWith('/getParameter/')) return parameterReply(call, {});
      if (call.path === '/getMatrixData') return { body: { success: true, data: matrixXml } };
      if (call.path === '/overall/GetMatrixDescription/0') return { body: { success: true, data: [] } };
      if (call.path === `/users/loadPersonMatrixDetails/${person}/C`)
        return { body: { success: true, data: `<matrix psnId="${person}" entity="C"/>` } };
      return undefined;
    });
    renderApp('/subscriptionPreference/settings?token=link-token-1');
    // without parameters: one category per product, and the contract's title
    expect(await screen.findByRole('region', { name: 'Asia Technology' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text.titleFallback);
    expect(screen.getByRole('button', { name: 'Hardware' })).toHaveAttribute('aria-pressed', 'false');
    // a link visitor has no settings page to go back to (it needs a sign-in)
    expect(screen.getByRole('link', { name: text.back })).toHaveAttribute('href', '/');
    expect(calls.filter((c) => c.path === '/mailLinks/redeem').map((c) => c.body)).toEqual([
      { token: 'link-token-1' },
    ]);
  });

  it('asks a visitor with neither session nor link to sign in, with this page as the redirect', async () => {
    fakeApi(null);
    renderApp('/subscriptionPreference/settings');
    expect(await screen.findByText(text.signInFirst)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.signIn })).toHaveAttribute(
      'href',
      '/login?redirectUrl=%2FsubscriptionPreference%2Fsettings',
    );
  });
});
