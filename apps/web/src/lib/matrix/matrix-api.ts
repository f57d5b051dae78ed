import { matrixConstants, type UpdateMatrixReply, type XmlReply } from '@portal/contract';
import { apiRequest } from '../api-client.ts';
import { buildMatrixXml, matrixSchemaOf, type PersonEntry, parsePersonMatrix } from './matrix-xml.ts';

/** The matrix calls of the preference, unsubscribe and users-management screens (spec 3 section 7). */

/** GET /getMatrixData: the matrix's axes as XML (public: the product list is not personal). */
export const fetchMatrixData = async (signal?: AbortSignal) =>
  (await apiRequest<XmlReply>('GET', '/getMatrixData', { signal })).data;

/** GET /users/loadPersonMatrixDetails/{id}/{entity}: the person's entries. */
export const fetchPersonEntries = async (
  psnId: number,
  entity: string,
  signal?: AbortSignal,
): Promise<PersonEntry[]> => {
  const reply = await apiRequest<XmlReply>(
    'GET',
    `/users/loadPersonMatrixDetails/${psnId}/${encodeURIComponent(entity)}`,
    { pattern: '/users/loadPersonMatrixDetails/:id/:userEntity', signal },
  );
  return parsePersonMatrix(reply.data);
};

/**
 * GET /Repository/UpdateMatrix (a state-changing GET: the CSRF header comes through the route table): inserts
 * with `insertStatus` (the default Z, a request, unless an admin grants) and removals, in the entity's schema.
 * `schemaFieldId` is the value of the entity's field parameter (matrixSchemaOf(entity).fieldParameter), '' when
 * unset. The server decides who may write which status.
 */
export const updateMatrix = async (input: {
  psnId: number;
  entity: string;
  inserts?: readonly number[];
  insertStatus?: number;
  deletes?: readonly number[];
  schemaFieldId: string;
}) => {
  const schema = matrixSchemaOf(input.entity);
  const inserts = input.inserts ?? [];
  const deletes = input.deletes ?? [];
  return (
    await apiRequest<UpdateMatrixReply>('GET', '/Repository/UpdateMatrix', {
      query: {
        psnId: String(input.psnId),
        psnEntity: input.entity,
        insertXml:
          inserts.length > 0
            ? buildMatrixXml(inserts, input.insertStatus ?? matrixConstants.requestZ)
            : undefined,
        deleteXml: deletes.length > 0 ? buildMatrixXml(deletes) : undefined,
        schemaId: schema.schemaId,
        schemaFieldId: input.schemaFieldId || undefined,
      },
    })
  ).data;
};
