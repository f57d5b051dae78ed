import type { PersonEntity } from '@portal/contract';

/** The subscriptions feature's query keys (preferences and unsubscribe): its queries and its reloads take them from here. */
export const subscriptionKeys = {
  preferences: ['subscription-preferences'] as const,
  preferencesConfig: () => [...subscriptionKeys.preferences, 'config'] as const,
  /** every person's entries */
  personEntries: () => [...subscriptionKeys.preferences, 'person'] as const,
  personEntriesOf: (psnId: number, entity: PersonEntity) =>
    [...subscriptionKeys.personEntries(), psnId, entity] as const,
  unsubscribeReasons: ['unsubscribe', 'reasons'] as const,
  productToLeave: (productId: number, psnId: number) => ['unsubscribe', 'product', productId, psnId] as const,
};
