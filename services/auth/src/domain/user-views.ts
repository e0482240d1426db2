import type { UserRow } from '../data/user-repository.js';
import { roleOf } from './session-tokens.js';

/** GET /api/me (docs/product/data.md User): role, username, email, profilePicture, plus role_id and user_id. */
export function meView(u: UserRow) {
  return {
    role: roleOf(u.roleId),
    username: u.name,
    email: u.email,
    profilePicture: u.profilePicture,
    role_id: u.roleId,
    user_id: u.id,
  };
}
