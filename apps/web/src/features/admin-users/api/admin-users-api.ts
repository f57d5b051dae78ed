import {
  type AdminActionReply,
  type AdminFirm,
  type AdminPerson,
  type FirmSummary,
  type ImportUserBody,
  matrixConstants,
  type SpyderUsersReply,
  type UsersType,
  type WebsiteUsersReply,
} from '@portal/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fetchMatrixData, updateMatrix } from '../../../lib/matrix/matrix-api.ts';
import { matrixSchemaOf, parseMatrixData } from '../../../lib/matrix/matrix-xml.ts';
import { fetchParameterOrEmpty } from '../../../lib/parameters.ts';
import { type TableState, usersQueryOf } from '../lib/table-state.ts';

/** The users-management calls (spec 2 section 7 "Users", and ours for a person's and a firm's page). */

/** The users-management query keys: its queries and its reloads take them from here. */
export const adminUsersKeys = {
  all: ['admin-users'] as const,
  /** every page of either users table */
  lists: () => [...adminUsersKeys.all, 'list'] as const,
  list: (state: TableState) => [...adminUsersKeys.lists(), state] as const,
  firmSearch: (text: string) => [...adminUsersKeys.all, 'firms', text] as const,
  person: (id: number) => [...adminUsersKeys.all, 'person', id] as const,
  firm: (id: number) => [...adminUsersKeys.all, 'firm', id] as const,
  matrixItems: () => [...adminUsersKeys.all, 'matrix-items'] as const,
};

export type UsersPage = ({ type: 'website' } & WebsiteUsersReply) | ({ type: 'spyder' } & SpyderUsersReply);

export const fetchUsers = async (state: TableState, signal?: AbortSignal): Promise<UsersPage> => {
  const options = { pattern: '/admin/users/:usersType', query: usersQueryOf(state), signal };
  return state.tab === 'website'
    ? { type: 'website', ...(await apiRequest<WebsiteUsersReply>('GET', '/admin/users/website', options)) }
    : { type: 'spyder', ...(await apiRequest<SpyderUsersReply>('GET', '/admin/users/spyder', options)) };
};

export const useUsers = (state: TableState) =>
  useQuery({
    queryKey: adminUsersKeys.list(state),
    queryFn: ({ signal }) => fetchUsers(state, signal),
    // The previous page stays on screen while the next loads (the pager does not jump back to a skeleton).
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

const post = (usersType: UsersType, id: number, action: string, body: unknown) =>
  apiRequest<AdminActionReply>('POST', `/admin/users/${usersType}/${id}/${action}`, {
    pattern: `/admin/users/:usersType/:id/${action}`,
    body,
  });

/** The website row actions; each answers the server's message. */
export const userActions = {
  activate: (id: number, email: string, status: boolean) =>
    post('website', id, 'activateUser', { email, status }),
  resendVerification: (id: number, email: string, name: string) =>
    post('website', id, 'verifyEmail', { email, name }),
  newPassword: (id: number, email: string) => post('website', id, 'newPassword', { email }),
  /** GET /users/{id}/removeUser: a state-changing GET (the route table sends the CSRF header with it). */
  remove: (id: number) =>
    apiRequest<AdminActionReply>('GET', `/users/${id}/removeUser`, { pattern: '/users/:id/removeUser' }),
  importToSpyder: (id: number, body: ImportUserBody) =>
    apiRequest<AdminActionReply>('POST', `/admin/users/website/${id}`, {
      pattern: '/admin/users/:usersType/:id',
      body,
    }),
};

/** GET /admin/firms?sMatch= (from 3 characters; the caller decides when to ask). */
export const useFirmSearch = (text: string, enabled: boolean) =>
  useQuery({
    queryKey: adminUsersKeys.firmSearch(text),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: FirmSummary[] }>('GET', '/admin/firms', {
          query: { sMatch: text },
          signal,
        })
      ).data,
    enabled,
    staleTime: 30_000,
  });

export const usePerson = (id: number | null) =>
  useQuery({
    queryKey: adminUsersKeys.person(id ?? 0),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: AdminPerson }>('GET', `/admin/persons/${id}`, {
          pattern: '/admin/persons/:id',
          signal,
        })
      ).data,
    enabled: id !== null && id > 0,
    staleTime: 0,
  });

export const useFirm = (id: number) =>
  useQuery({
    queryKey: adminUsersKeys.firm(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: AdminFirm }>('GET', `/admin/firms/${id}`, {
          pattern: '/admin/firms/:id',
          signal,
        })
      ).data,
    staleTime: 0,
  });

/** The matrix's items (GET /getMatrixData), for "Grant a product". */
export const useMatrixItems = (enabled: boolean) =>
  useQuery({
    queryKey: adminUsersKeys.matrixItems(),
    queryFn: async ({ signal }) => parseMatrixData(await fetchMatrixData(signal)).items,
    enabled,
    staleTime: 5 * 60_000,
  });

/**
 * An admin's matrix change through GET /Repository/UpdateMatrix: grant writes the item as Subscriber (the only
 * status that grants reading), revoke removes the entry.
 */
export const changeMatrix = async (
  person: Pick<AdminPerson, 'iPSN_Id' | 'entity'>,
  change: { grant: number } | { revoke: number },
) =>
  updateMatrix({
    psnId: person.iPSN_Id,
    entity: person.entity,
    inserts: 'grant' in change ? [change.grant] : [],
    insertStatus: matrixConstants.subscriberZ,
    deletes: 'revoke' in change ? [change.revoke] : [],
    schemaFieldId: await fetchParameterOrEmpty(matrixSchemaOf(person.entity).fieldParameter),
  });

/** Reloads after an admin's action: `users` every users table page (a row action), `person` one person's page. */
export const useAdminUsersReloads = () => {
  const queryClient = useQueryClient();
  return {
    users: () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.lists() }),
    person: (id: number) => queryClient.invalidateQueries({ queryKey: adminUsersKeys.person(id) }),
  };
};
