import {
  type AnalystProfileFields,
  analystPhotoMessages,
  type EditBiographyBody,
  type SortOurPeopleBody,
  type UpdateAnalystReply,
  type UpdateOurPeopleBody,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { AnalystPhotosService } from '../analyst-photos/analyst-photos.service.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import { plainTextOf, sanitizeStoredHtml } from '../rich-text/stored-html.ts';
import { countTeam, setDescription, setOurPeople, setProfile, setSortOrders } from './team.repository.ts';

/**
 * A description (a biography, a profile's) as stored: sanitised with the stored-HTML policy; a text with neither
 * words nor a picture (an empty paragraph) is none (null).
 */
const storedDescription = (html: string) => {
  const clean = sanitizeStoredHtml(html).trim();
  return plainTextOf(clean) === '' && !/<img\s/i.test(clean) ? null : clean;
};

export type UpdateAnalystOutcome =
  | { kind: 'updated'; profile: UpdateAnalystReply['data'] }
  | { kind: 'refused'; status: 400 | 404 | 413; message: string };

/**
 * Team Management and biographies (issue 24; spec 2): Our People's order, who is listed in it, and an analyst's
 * or a company's biography. Each write is one transaction that notes its change (`analyst`, or `company` for a
 * company's biography), so the landing's Our People, /people, the pages and every card that lists analysts show
 * it on the next request. People without a position sort last (the Our People query).
 */
export const createTeamService = (deps: {
  db: Db;
  changes: ChangeFeed;
  photos: Pick<AnalystPhotosService, 'replace'>;
}) => ({
  /**
   * POST /editBiography: an analyst's (U) or a company's (L) description, sanitised with the stored-HTML policy;
   * a text with neither words nor a picture (an empty paragraph) is stored as none. null when there is no such
   * analyst or company (nothing written). An analyst's says `analyst` on the change feed (cards and pages carry
   * it), a company's `company`.
   */
  async editBiography(body: EditBiographyBody): Promise<{ description: string | null } | null> {
    const description = storedDescription(body.sDescription);
    const id = body.iDescription_AttachToID;
    return writeTransaction(deps.db, deps.changes, async (tx, note) => {
      if (!(await setDescription(tx, body.cDescription_Entity, id, description))) return null;
      note({ kind: body.cDescription_Entity === 'U' ? 'analyst' : 'company', ids: [id] });
      return { description };
    });
  },

  /**
   * POST /analysts/updateAnalyst (the profile modal): the profile's fields (checked by the contract's schema) and,
   * when one is sent, a new photo, by the analyst photo rules (analyst-photos: PNG or JPEG by its bytes, 253 wide
   * and 203 to 210 high, re-encoded). One transaction writes both and says `analyst` on the change feed; a refused
   * photo or an unknown analyst writes nothing.
   */
  async updateAnalyst(
    id: number,
    fields: AnalystProfileFields,
    photo: Buffer | null,
  ): Promise<UpdateAnalystOutcome> {
    const profile = { ...fields, description: storedDescription(fields.description) };
    const missing = { kind: 'refused', status: 404, message: analystPhotoMessages.analystMissing } as const;
    if (photo) {
      const replaced = await deps.photos.replace(
        id,
        photo,
        async (tx) => (await setProfile(tx, id, profile)) !== null,
      );
      if (replaced.kind === 'refused') return replaced;
      return { kind: 'updated', profile: { id, ...profile, image_path: replaced.imagePath } };
    }
    return writeTransaction(deps.db, deps.changes, async (tx, note) => {
      const saved = await setProfile(tx, id, profile);
      if (!saved) return missing;
      note({ kind: 'analyst', ids: [id] });
      return { kind: 'updated', profile: { id, ...profile, image_path: saved.imagePath } };
    });
  },

  /**
   * POST /overall/updateOurPeople: lists or unlists a team member in Our People (the landing, /people); 'unknown'
   * (nothing written) when there is no such active member.
   */
  async updateOurPeople(body: UpdateOurPeopleBody): Promise<'updated' | 'unknown'> {
    return writeTransaction(deps.db, deps.changes, async (tx, note) => {
      if (!(await setOurPeople(tx, body.id, body.isOurPeople))) return 'unknown';
      note({ kind: 'analyst', ids: [body.id] });
      return 'updated';
    });
  },

  /**
   * POST /overall/sortOurPeople (the whole team's order, hidden members too, so that one shown again keeps their
   * place); 'unknownPerson' (nothing written) when an id is not an active team member.
   */
  async sortOurPeople(sortValue: SortOurPeopleBody['sortValue']): Promise<'sorted' | 'unknownPerson'> {
    const orders = Object.entries(sortValue).map(([id, position]) => ({ id: Number(id), position }));
    return writeTransaction(deps.db, deps.changes, async (tx, note) => {
      const ids = orders.map((o) => o.id);
      if ((await countTeam(tx, ids)) !== ids.length) return 'unknownPerson';
      await setSortOrders(tx, orders);
      note({ kind: 'analyst', ids });
      return 'sorted';
    });
  },
});

export type TeamService = ReturnType<typeof createTeamService>;
