import { z } from 'zod';
import { messagesResearch } from '../messages-research.ts';
import { textField } from './fields.ts';

const m = messagesResearch.follow;

/**
 * Following an analyst (issue 23, beyond the spec: spec 3 says clients "follow analysts" and names no call).
 * GET /analysts/{id}/follow answers whether the signed-in reader follows the analyst; PUT sets it. A follower is
 * e-mailed each new report of the analyst that they may read, as a sector's subscribers are.
 */
export const analystFollowParams = z.object({
  id: textField()
    .regex(/^\d{1,10}$/, m.badId)
    .transform(Number)
    .pipe(z.number().int().min(1, m.badId).max(2_147_483_647, m.badId)),
});

export const analystFollowBody = z.object({ following: z.boolean() }).strict();
export type AnalystFollowBody = z.infer<typeof analystFollowBody>;

export const analystFollowReply = z.object({ following: z.boolean() });
export type AnalystFollowReply = z.infer<typeof analystFollowReply>;
