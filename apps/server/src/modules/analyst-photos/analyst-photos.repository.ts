import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { analysts } from '../../db/schema/index.ts';

/**
 * Points analyst {id}'s image_path at `imagePath`, inside the caller's transaction, and answers the path it held
 * before (its row locked first, so two uploads for one analyst each see the path the other replaced).
 */
export const replaceImagePath = async (
  tx: Executor,
  id: number,
  imagePath: string,
): Promise<{ found: false } | { found: true; oldPath: string | null }> => {
  const [row] = await tx
    .select({ imagePath: analysts.imagePath })
    .from(analysts)
    .where(eq(analysts.id, id))
    .for('update');
  if (!row) return { found: false };
  await tx.update(analysts).set({ imagePath }).where(eq(analysts.id, id));
  return { found: true, oldPath: row.imagePath };
};
