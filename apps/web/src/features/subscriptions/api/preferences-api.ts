import type {
  MailTemplateName,
  MatrixDescription,
  PersonEntity,
  SendEmailReply,
  UpdateMatrixReply,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fetchMatrixData, fetchPersonEntries, updateMatrix } from '../../../lib/matrix/matrix-api.ts';
import { type MatrixAxes, matrixSchemaOf, parseMatrixData } from '../../../lib/matrix/matrix-xml.ts';
import { fetchParameters } from '../../../lib/parameters.ts';
import type { PendingChanges } from '../lib/chip-state.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** The parameters the preference screen reads (spec 3 sections 2 and 9); all public. */
export const preferenceParameters = [
  'sRWClientSubTitle',
  'sRWClientSubHeading',
  'sRWClientSubPayDialogText',
  'sRWClientAlreadySubscribedText',
  'sRWClientSubConfigJSON',
  'sRWClientSubRelevantZAxis',
  'scUsrMatrixFieldId',
  'scCntMatrixFieldId',
] as const;
export type PreferenceParameter = (typeof preferenceParameters)[number];

export interface PreferencesConfig {
  parameters: Record<PreferenceParameter, string>;
  axes: MatrixAxes;
  /** item id -> description (items without one are absent) */
  descriptions: ReadonlyMap<number, string>;
}

const fetchDescriptions = async (signal?: AbortSignal) => {
  const reply = await apiRequest<{ data: MatrixDescription[] }>('GET', '/overall/GetMatrixDescription/0', {
    pattern: '/overall/GetMatrixDescription/:id',
    signal,
  });
  const descriptions = new Map<number, string>();
  for (const { iPBV_Id, sDescription } of reply.data) {
    if (sDescription.trim()) descriptions.set(iPBV_Id, sDescription.trim());
  }
  return descriptions;
};

/**
 * What every reader's screen shares: the parameters, the matrix's items (GET /getMatrixData) and their
 * descriptions (GET /overall/GetMatrixDescription/0), in parallel. XML that cannot be read fails the load (the
 * screen offers a retry) rather than showing an empty list of chips.
 */
export const fetchPreferencesConfig = async (signal?: AbortSignal): Promise<PreferencesConfig> => {
  const [values, matrix, descriptions] = await Promise.all([
    // one call for all of them (the comma-list form); an unset one reads as ''
    fetchParameters(preferenceParameters, signal),
    fetchMatrixData(signal),
    fetchDescriptions(signal),
  ]);
  const parameters = Object.fromEntries(
    preferenceParameters.map((name) => [name, values.get(name) ?? '']),
  ) as Record<PreferenceParameter, string>;
  return { parameters, axes: parseMatrixData(matrix), descriptions };
};

export const usePreferencesConfig = () =>
  useQuery({
    queryKey: subscriptionKeys.preferencesConfig(),
    queryFn: ({ signal }) => fetchPreferencesConfig(signal),
    staleTime: 5 * 60_000,
  });

/** The person's entries, fetched on every visit (a save or an unsubscribe elsewhere changes them). */
export const usePersonEntries = (person: { iPSN_Id: number; sEntity: PersonEntity } | null) =>
  useQuery({
    queryKey: subscriptionKeys.personEntriesOf(person?.iPSN_Id ?? 0, person?.sEntity ?? 'U'),
    queryFn: ({ signal }) => fetchPersonEntries(person?.iPSN_Id ?? 0, person?.sEntity ?? 'U', signal),
    enabled: person !== null && person.iPSN_Id > 0,
    staleTime: 0,
  });

/** After a save: every person's entries are asked again when next shown. */
export const useReloadPersonEntries = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.personEntries() });
};

/** The reader's answer to the pay dialog; a save of removals only is the 'No' path (spec 3 section 4). */
export type PayAnswer = 'Yes' | 'No';

export interface SaveInput {
  person: { iPSN_Id: number; sEntity: PersonEntity };
  changes: PendingChanges;
  answer: PayAnswer;
  parameters: Record<PreferenceParameter, string>;
}

/**
 * How far a save got. The calls are not one transaction: when the matrix is written but the mail call fails, a
 * retry must not write the matrix again (the server would answer 'Nothing to change'), so the screen keeps this
 * object for as long as the chips stay as they were and passes it to every attempt.
 */
export interface SaveProgress {
  matrix?: UpdateMatrixReply['data'];
  mail?: SendEmailReply['data'];
  event?: true;
}

/**
 * Save (spec 3 sections 2 and 4): the matrix changes (GET /Repository/UpdateMatrix: new requests with the
 * default Z, deselected requests deleted), then the notification mail of the case (GET /SendEmail: PublicYes or
 * PublicNo by the pay dialog's answer; the server makes it ExstClient for an existing client and picks every
 * recipient), then the mail event (POST /users/insertMailEvent) naming the case the server used and the items it
 * wrote. The state-changing GETs carry the CSRF header through the route table (api-client `needsCsrf`).
 */
export const savePreferences = async (input: SaveInput, progress: SaveProgress) => {
  const { person, changes, answer, parameters } = input;
  const psnId = String(person.iPSN_Id);
  if (!progress.matrix) {
    progress.matrix = await updateMatrix({
      psnId: person.iPSN_Id,
      entity: person.sEntity,
      inserts: changes.inserts,
      deletes: changes.deletes,
      schemaFieldId: parameters[matrixSchemaOf(person.sEntity).fieldParameter],
    });
  }
  if (!progress.mail) {
    const template: MailTemplateName = answer === 'Yes' ? 'sWebEmlTMPLTPublicYes' : 'sWebEmlTMPLTPublicNo';
    const reply = await apiRequest<SendEmailReply>('GET', '/SendEmail', {
      query: { psnId, emailBodyParameterName: template },
    });
    progress.mail = reply.data;
  }
  if (!progress.event) {
    await apiRequest('POST', '/users/insertMailEvent', {
      body: {
        psnId: person.iPSN_Id,
        emailObj: { body: progress.mail.template },
        subData: { sectorIds: progress.matrix.inserted },
      },
    });
    progress.event = true;
  }
  return progress;
};
