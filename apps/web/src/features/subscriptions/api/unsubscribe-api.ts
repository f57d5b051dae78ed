import {
  matrixConstants,
  type PickListValue,
  type RedeemMailLinkReply,
  type SendEmailReply,
  type UnsubLastSentReply,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fetchMatrixData, fetchPersonEntries, updateMatrix } from '../../../lib/matrix/matrix-api.ts';
import { matrixSchemaOf, parseMatrixData } from '../../../lib/matrix/matrix-xml.ts';
import { fetchParameterOrEmpty } from '../../../lib/parameters.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** POST /mailLinks/redeem: opens an e-mailed person link; the reply's cookie lets this browser act for that person. */
export const redeemMailLink = async (token: string) =>
  (await apiRequest<RedeemMailLinkReply>('POST', '/mailLinks/redeem', { body: { token } })).data;

/** GET /PickList/GetPickLists/sUnsubRsns: the reasons, in the pick list's order. */
export const fetchUnsubscribeReasons = async (signal?: AbortSignal) =>
  (
    await apiRequest<{ success: true; data: PickListValue[] }>(
      'GET',
      `/PickList/GetPickLists/${matrixConstants.unsubscribeReasonsMnemonic}`,
      { pattern: '/PickList/GetPickLists/:mnemonic', signal },
    )
  ).data;

export interface UnsubscribeInput {
  psnId: number;
  entity: string;
  productId: number;
  reasonId: number;
  /** the text written under Other ('' for any other reason) */
  text: string;
}

/** Whether the unsubscribe-preference mail may go again: never sent, or sent longer ago than the spec's 7 days. */
export const unsubMailDue = (lastSent: string | null, now = Date.now()) => {
  if (!lastSent) return true;
  const sent = Date.parse(lastSent);
  return Number.isNaN(sent) || now - sent > matrixConstants.unsubMailDays * 24 * 60 * 60 * 1000;
};

/** GET /SendEmail: the caller names the case only; the server computes recipients, sender and content. */
const sendEmail = async (psnId: number, template: SendEmailReply['data']['template']) =>
  (
    await apiRequest<SendEmailReply>('GET', '/SendEmail', {
      query: { psnId: String(psnId), emailBodyParameterName: template },
    })
  ).data;

/** The calls of one unsubscribe, in order; a retry after a failure goes on from the first one not done. */
export type UnsubscribeStep = 'reason' | 'matrix' | 'reasonMail' | 'preferenceMail';

/** A failed unsubscribe: `unsubscribed` when the reader is already out and only a mail after it failed. */
export class UnsubscribeError extends Error {
  readonly unsubscribed: boolean;
  constructor(unsubscribed: boolean, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'UnsubscribeError';
    this.unsubscribed = unsubscribed;
  }
}

/**
 * The unsubscribe of spec 3 section 4, call by call: save the reason ('NA' without text), remove the matrix entry
 * (a product; 0 is the e-mail list, which the reason call itself stops), mail the reason to the account managers,
 * then the unsubscribe-preference mail when the last one is older than 7 days. The server decides the mail's case
 * and enforces the 7-day rule again; the check here only spares a call. `done` carries the steps of an earlier
 * attempt, so that Try again neither removes twice (the server would answer "nothing to change") nor mails twice.
 */
export const unsubscribe = async (input: UnsubscribeInput, done: Set<UnsubscribeStep> = new Set()) => {
  const { psnId, entity, productId, reasonId } = input;
  const text = input.text.trim() || matrixConstants.emptyReasonText;
  const isMailList = productId === matrixConstants.mailListProductId;
  const step = async (name: UnsubscribeStep, run: () => Promise<unknown>) => {
    if (done.has(name)) return;
    try {
      await run();
    } catch (error) {
      throw new UnsubscribeError(done.has(isMailList ? 'reason' : 'matrix'), error);
    }
    done.add(name);
  };

  await step('reason', () =>
    apiRequest(
      'GET',
      `/users/SaveUnsubscribeReason/${psnId}/${productId}/${encodeURIComponent(text)}/${reasonId}`,
      { pattern: '/users/SaveUnsubscribeReason/:personId/:productId/:otherText/:reasonId' },
    ),
  );
  if (!isMailList) {
    await step('matrix', async () => {
      await updateMatrix({
        psnId,
        entity,
        deletes: [productId],
        schemaFieldId: await fetchParameterOrEmpty(matrixSchemaOf(entity).fieldParameter),
      });
    });
  }
  await step('reasonMail', () => sendEmail(psnId, 'sUnsubRsnEmlTmplt'));
  await step('preferenceMail', async () => {
    const lastSent = await apiRequest<UnsubLastSentReply>(
      'GET',
      `/users/getUserUnsubLastSentEmail/${psnId}`,
      { pattern: '/users/getUserUnsubLastSentEmail/:id' },
    );
    if (!unsubMailDue(lastSent.data.dLastSent)) return;
    const sent = await sendEmail(psnId, 'sWebUnsubEmlTMPLTPublicNo');
    if (sent.queued === 0) return;
    await apiRequest('GET', `/users/updateUserUnsubLastSentEmail/${psnId}`, {
      pattern: '/users/updateUserUnsubLastSentEmail/:id',
    });
  });
};

/** POST /unsubscribe/requestLink: the Enter Email dialog; the answer is the same whether the address is known. */
export const requestUnsubscribeLink = (email: string, productId: number) =>
  apiRequest<{ success: true; message?: string }>('POST', '/unsubscribe/requestLink', {
    body: { email, productId },
  });

/** The unsubscribe reasons (spec 3 section 4: the first is the default). */
export const useUnsubscribeReasons = () =>
  useQuery({
    queryKey: subscriptionKeys.unsubscribeReasons,
    queryFn: ({ signal }) => fetchUnsubscribeReasons(signal),
  });

export interface ProductToLeave {
  /** the product's name; undefined for an id the matrix does not know */
  name: string | undefined;
  /** whether the person has an entry for it (always for 0, the e-mail list) */
  held: boolean;
}

/** What /unsubscribe/{id} names and whether the person holds it; read again on every visit (the matrix changes). */
export const useProductToLeave = (productId: number, person: { iPSN_Id: number; sEntity: string }) =>
  useQuery({
    queryKey: subscriptionKeys.productToLeave(productId, person.iPSN_Id),
    staleTime: 0,
    queryFn: async ({ signal }): Promise<ProductToLeave> => {
      if (productId === matrixConstants.mailListProductId) return { name: undefined, held: true };
      const [axes, entries] = await Promise.all([
        fetchMatrixData(signal),
        fetchPersonEntries(person.iPSN_Id, person.sEntity, signal),
      ]);
      return {
        name: parseMatrixData(axes).items.find((item) => item.id === productId)?.name,
        held: entries.some((entry) => entry.itemId === productId),
      };
    },
  });
