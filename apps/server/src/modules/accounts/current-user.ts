import type { CurrentUser } from '@portal/contract';
import type { User } from '../../db/schema/index.ts';
import { userStatusOf } from '../users/user-status.ts';

export const toCurrentUser = (user: User): CurrentUser => ({
  id: user.id,
  full_name: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
  type: user.type,
  sEntity: user.entity,
  iPSN_Id: user.personId ?? 0,
  returnUrl: '',
  status: userStatusOf(user),
  companyName: user.companyName,
});
