import { subscriptionMessages } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Call, client, fakeApi, renderApp } from '../../../test/render-app.tsx';
import { resetPersonAccess } from '../hooks/use-person-access.ts';

const texts = subscriptionMessages.unsubscribe;
const SECTOR = 10000131;

const reasons = [
  { Mnemonic: 'sUnsubRsns', ValueId: 11, Sort: 1, text: 'Too many e-mails' },
  { Mnemonic: 'sUnsubRsns', ValueId: 12, Sort: 2, text: 'Not relevant to me' },
  { Mnemonic: 'sUnsubRsns', ValueId: 19, Sort: 9, text: 'Other' },
];
const matrixData = `<matrix><x id="300001" name="Products"/><y id="${SECTOR}" name="Banks &amp; Insurers"/><y id="10000132" name="Energy"/><z id="2120300001" name="Subscriber"/></matrix>`;
const personMatrix = `<matrix psnId="${client.iPSN_Id}" entity="U"><y value="${SECTOR}"><z value="2120300001" name="Subscriber"/></y></matrix>`;

/** The server's side of a signed-in unsubscribe; `failOn` answers one path with a 500 once. */
const server = (failOn?: string) => {
  let failed = false;
  return (call: Call) => {
    if (failOn && !failed && call.path.startsWith(failOn)) {
      failed = true;
      return { status: 500, body: { success: false, message: 'Internal Error. Please try again later.' } };
    }
    if (call.path === '/PickList/GetPickLists/sUnsubRsns') return { body: { success: true, data: reasons } };
    if (call.path === '/getMatrixData') return { body: { success: true, data: matrixData } };
    if (call.path.startsWith('/users/loadPersonMatrixDetails/'))
      return { body: { success: true, data: personMatrix } };
    if (call.path.startsWith('/users/SaveUnsubscribeReason/')) return { body: { success: true } };
    if (call.path === '/getParameter/scUsrMatrixFieldId') return { body: { success: true, value: '77' } };
    if (call.path === '/Repository/UpdateMatrix')
      return { body: { success: true, data: { inserted: [], deleted: [SECTOR] } } };
    if (call.path === '/SendEmail') {
      const template = new URLSearchParams(call.search).get('emailBodyParameterName');
      return { body: { success: true, data: { template, queued: 1 } } };
    }
    if (call.path.startsWith('/users/getUserUnsubLastSentEmail/'))
      return { body: { success: true, data: { dLastSent: null } } };
    if (call.path.startsWith('/users/updateUserUnsubLastSentEmail/')) return { body: { success: true } };
    return undefined;
  };
};

/** The unsubscribe's own calls, in order (the layout's and the form's reads left out). */
const unsubscribeSteps =
  /^\/(users\/SaveUnsubscribeReason|Repository\/UpdateMatrix|SendEmail|users\/\w+UnsubLastSentEmail)/;
const writes = (calls: Call[]) =>
  calls.filter((call) => unsubscribeSteps.test(call.path)).map((call) => `${call.path}${call.search}`);

describe('/unsubscribe/{id}', () => {
  beforeEach(() => resetPersonAccess());

  it("keeps Unsubscribe disabled under 'Other' until a reason is written, then unsubscribes call by call", async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi(client, server());
    const app = renderApp(`/unsubscribe/${SECTOR}`);

    expect(await screen.findByText('Banks & Insurers')).toBeInTheDocument();
    // The first reason is chosen by default and needs no text.
    expect(screen.getByRole('radio', { name: 'Too many e-mails' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: /Reason/ })).toBeNull();
    const unsubscribe = screen.getByRole('button', { name: texts.unsubscribe });
    expect(unsubscribe).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: 'Other' }));
    const reason = screen.getByRole('textbox', { name: /Reason/ });
    expect(unsubscribe).toBeDisabled();
    await user.type(reason, '   ');
    expect(unsubscribe).toBeDisabled();
    await user.type(reason, 'Moving to a fund/desk & more');
    expect(unsubscribe).toBeEnabled();
    await user.click(unsubscribe);

    const dialog = await screen.findByRole('dialog', { name: texts.success });
    // behind the dialog the page says it is done: no reasons, no Unsubscribe button left (issue 21)
    expect(screen.queryByRole('radio', { hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: texts.unsubscribe, hidden: true })).not.toBeInTheDocument();
    expect(screen.getByText(texts.doneFrom, { exact: false })).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      `/users/SaveUnsubscribeReason/${client.iPSN_Id}/${SECTOR}/${encodeURIComponent('Moving to a fund/desk & more')}/19`,
      `/Repository/UpdateMatrix?${new URLSearchParams({
        psnId: String(client.iPSN_Id),
        psnEntity: 'U',
        deleteXml: `<matrix><x id="300001"><y id="${SECTOR}"/></x></matrix>`,
        schemaId: 'scUsrMatrix',
        schemaFieldId: '77',
      })}`,
      `/SendEmail?psnId=${client.iPSN_Id}&emailBodyParameterName=sUnsubRsnEmlTmplt`,
      `/users/getUserUnsubLastSentEmail/${client.iPSN_Id}`,
      `/SendEmail?psnId=${client.iPSN_Id}&emailBodyParameterName=sWebUnsubEmlTMPLTPublicNo`,
      `/users/updateUserUnsubLastSentEmail/${client.iPSN_Id}`,
    ]);
    await user.click(within(dialog).getByRole('button', { name: texts.ok }));
    await waitFor(() => expect(app.location()).toBe('/subscriptionPreference/settings'));
  });

  it('keeps the choice and the text after a failure, and Try again sends only what is left', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi(client, server('/SendEmail'));
    renderApp(`/unsubscribe/${SECTOR}`);

    await user.click(await screen.findByRole('radio', { name: 'Other' }));
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Budget');
    await user.click(screen.getByRole('button', { name: texts.unsubscribe }));

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.mailFailed);
    expect(screen.getByRole('radio', { name: 'Other' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveValue('Budget');
    await user.click(screen.getByRole('button', { name: texts.retry }));
    await screen.findByRole('dialog', { name: texts.success });
    const done = writes(calls);
    expect(done.filter((path) => path.startsWith('/users/SaveUnsubscribeReason/'))).toHaveLength(1);
    expect(done.filter((path) => path.startsWith('/Repository/UpdateMatrix'))).toHaveLength(1);
  });

  it('says so for a product the person does not have', async () => {
    fakeApi(client, server());
    renderApp('/unsubscribe/10000132');
    expect(await screen.findByText(texts.notSubscribed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: texts.unsubscribe })).toBeNull();
  });

  it('asks a visitor for an e-mail address: OK disabled while empty, the contract rule, the same answer', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi(null, (call) =>
      call.path === '/unsubscribe/requestLink'
        ? { body: { success: true, message: texts.linkSent } }
        : undefined,
    );
    renderApp('/unsubscribe/0');

    const dialog = await screen.findByRole('dialog', { name: texts.enterEmailTitle });
    const ok = within(dialog).getByRole('button', { name: texts.ok });
    expect(ok).toBeDisabled();
    const email = within(dialog).getByRole('textbox', { name: texts.email });
    await user.type(email, 'not-an-address');
    await user.click(ok);
    expect(within(dialog).getByText(texts.emailInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/unsubscribe/requestLink')).toBe(false);

    await user.clear(email);
    await user.type(email, 'Reader@Example.com');
    await user.click(ok);
    expect(await within(dialog).findByText(texts.linkSent)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/unsubscribe/requestLink')?.body).toEqual({
      email: 'Reader@Example.com',
      productId: 0,
    });
  });
});
