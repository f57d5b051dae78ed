import type { BlogAccessType } from '@portal/contract';
import type { Entitlement } from '../entitlements/entitlements.ts';

/**
 * THE rule of who reads a post (issue 14, spec 2 section 6); the lists, the post page, the side panel and the
 * search all ask it, so that they can never disagree:
 * - pre (Public Access): anyone;
 * - npi (Registered User Access): a signed-in reader whose entitlement is not anonymous (e-mail verified);
 * - pi (Subscriber Access): an Activated reader with a Subscriber entry on one of the blog's sectors
 *   (`entitlement.sectorIds` holds those only when Activated);
 * - an admin reads everything.
 */
export interface PostAccessBlog {
  accessType: BlogAccessType;
  selectedSectors: readonly number[];
}

export interface PostReader {
  entitlement: Entitlement;
  /** a session exists (the entitlement of an unverified reader is anonymous all the same) */
  signedIn: boolean;
  /** the reader's status is Activated */
  activated: boolean;
}

export type PostAccess = 'granted' | 'signIn' | 'notActivated' | 'subscribers';

export const postAccessOf = (blog: PostAccessBlog, reader: PostReader): PostAccess => {
  const { entitlement } = reader;
  if (blog.accessType === 'pre' || entitlement.readsAll) return 'granted';
  if (!reader.signedIn) return 'signIn';
  if (blog.accessType === 'npi') return entitlement.userId !== null ? 'granted' : 'notActivated';
  const sectors = new Set(entitlement.sectorIds);
  if (blog.selectedSectors.some((id) => sectors.has(id))) return 'granted';
  return reader.activated ? 'subscribers' : 'notActivated';
};

export const mayReadPost = (blog: PostAccessBlog, reader: PostReader) =>
  postAccessOf(blog, reader) === 'granted';
