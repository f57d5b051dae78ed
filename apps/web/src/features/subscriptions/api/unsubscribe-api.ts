import {
  matrixConstants,
  type PickListValue,
  type RedeemMailLinkReply,
  type SendEmailReply,
  type UnsubLastSentReply,
  type UpdateMatrixReply,
  type XmlReply,
} from '@portal/contract';
import { apiRequest } from '../../../lib/api-client.ts';

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

/** GET /getMatrixData: the matrix's axes as XML (public: the product list is not personal). */
export const fetchMatrixData = async (signal?: AbortSignal) =>
  (await apiRequest<XmlReply>('GET', '/getMatrixData', { signal })).data;

/** GET /users/loadPersonMatrixDetails/{id}/{entity}: the person's entries as XML. */
export const fetchPersonMatrix = async (psnId: number, entity: string, signal?: AbortSignal) =>
  (
    await apiRequest<XmlReply>(
      'GET',
      `/users/loadPersonMatrixDetails/${psnId}/${encodeURIComponent(entity)}`,
      {
        pattern: '/users/loadPersonMatrixDetails/:id/:userEntity',
        signal,
      },
    )
  ).data;

/** GET /getParameter/{name}: a public parameter's value ('' when unset). */
export const fetchParameterValue = async (name: string, signal?: AbortSignal) =>
  (
    await apiRequest<{ success: boolean; value: string }>(
      'GET',
      `/getParameter/${encodeURIComponent(name)}`,
      {
        pattern: '/getParameter/:name',
        signal,
      },
    )
  ).value ?? '';

const xmlDocument = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml');

/** The name of matrix item `id` in GetMatrixData's XML (a y element), or undefined. */
export const productNameIn = (matrixXml: string, id: number): string | undefined => {
  for (const y of Array.from(xmlDocument(matrixXml).getElementsByTagName('y'))) {
    if (y.getAttribute('id') === String(id)) return y.getAttribute('name') ?? undefined;
  }
  return undefined;
};

/** Whether the person's matrix XML (loadPersonMatrixDetails) holds an entry for item `id`, whatever its status. */
export const personHasItem = (personXml: string, id: number) =>
  Array.from(xmlDocument(personXml).getElementsByTagName('y')).some(
    (y) => y.getAttribute('value') === String(id),
  );

/** The spec's delete XML for one item (spec 3 section 7): matrix > x(300001) > y(id). */
export const deleteXmlFor = (id: number) =>
  `<matrix><x id="${matrixConstants.xAxisId}"><y id="${id}"/></x></matrix>`;

/** The matrix schema and its field of an entity (spec 3 section 6): scUsrMatrix for 'U', scCntMatrix for 'C'. */
export const matrixSchemaOf = (entity: string) =>
  entity === 'C'
    ? ({ schemaId: 'scCntMatrix', fieldParameter: 'scCntMatrixFieldId' } as const)
    : ({ schemaId: 'scUsrMatrix', fieldParameter: 'scUsrMatrixFieldId' } as const);

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

/**
 * The unsubscribe of spec 3 section 4, call by call: save the reason ('NA' without text), remove the matrix entry
 * (a product; 0 is the e-mail list, which the reason call itself stops), mail the reason to the account managers,
 * then the unsubscribe-preference mail when the last one is older than 7 days. The server decides the mail's case
 * and enforces the 7-day rule again; the check here only spares a call.
 */
export const unsubscribe = async (input: UnsubscribeInput) => {
  const { psnId, entity, productId, reasonId } = input;
  const text = input.text.trim() || matrixConstants.emptyReasonText;
  await apiRequest(
    'GET',
    `/users/SaveUnsubscribeReason/${psnId}/${productId}/${encodeURIComponent(text)}/${reasonId}`,
    { pattern: '/users/SaveUnsubscribeReason/:personId/:productId/:otherText/:reasonId' },
  );
  if (productId !== matrixConstants.mailListProductId) {
    const schema = matrixSchemaOf(entity);
    const schemaFieldId = await fetchParameterValue(schema.fieldParameter);
    await apiRequest<UpdateMatrixReply>('GET', '/Repository/UpdateMatrix', {
      query: {
        psnId: String(psnId),
        psnEntity: entity,
        deleteXml: deleteXmlFor(productId),
        schemaId: schema.schemaId,
        schemaFieldId: schemaFieldId || undefined,
      },
    });
  }
  await sendEmail(psnId, 'sUnsubRsnEmlTmplt');
  const lastSent = await apiRequest<UnsubLastSentReply>('GET', `/users/getUserUnsubLastSentEmail/${psnId}`, {
    pattern: '/users/getUserUnsubLastSentEmail/:id',
  });
  if (unsubMailDue(lastSent.data.dLastSent)) {
    const sent = await sendEmail(psnId, 'sWebUnsubEmlTMPLTPublicNo');
    if (sent.queued > 0) {
      await apiRequest('GET', `/users/updateUserUnsubLastSentEmail/${psnId}`, {
        pattern: '/users/updateUserUnsubLastSentEmail/:id',
      });
    }
  }
};

const sendEmail = async (psnId: number, template: SendEmailReply['data']['template']) =>
  (
    await apiRequest<SendEmailReply>('GET', '/SendEmail', {
      query: { psnId: String(psnId), emailBodyParameterName: template },
    })
  ).data;

/** POST /unsubscribe/requestLink: the Enter Email dialog; the answer is the same whether the address is known. */
export const requestUnsubscribeLink = (email: string, productId: number) =>
  apiRequest<{ success: true; message?: string }>('POST', '/unsubscribe/requestLink', {
    body: { email, productId },
  });
