import { isUuid } from '@stundenplan/base';
import type { PrismaClient } from '../generated/prisma/client.js';

/**
 * The sessions table: the truth about which sessions are active. Ending a session writes here first;
 * the store (memory/Redis) only caches. Deleting a user deletes their rows (ON DELETE CASCADE).
 */
export class SessionRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** A new session row; the user's expired rows go at the same time (the table never grows without bound). */
  async create(id: string, userId: string, expiresAt: Date, now = new Date(), oidcIdToken: string | null = null): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.session.deleteMany({ where: { userId, expiresAt: { lt: now } } }),
      this.prisma.session.create({ data: { id, userId, expiresAt, oidcIdToken } }),
    ]);
  }

  /** The ID token a university sign-in left with the session (null for password sessions). */
  async oidcIdTokenOf(id: string): Promise<string | null> {
    if (!isUuid(id)) return null;
    const row = await this.prisma.session.findUnique({ where: { id }, select: { oidcIdToken: true } });
    return row?.oidcIdToken ?? null;
  }

  /** True while the row exists (so the user exists), is not revoked and has not expired. */
  async isActive(id: string, userId: string, now = new Date()): Promise<boolean> {
    if (!isUuid(id) || !isUuid(userId)) return false;
    const row = await this.prisma.session.findFirst({ where: { id, userId, revokedAt: null, expiresAt: { gt: now } }, select: { id: true } });
    return row !== null;
  }

  async revoke(id: string, now = new Date()): Promise<void> {
    if (!isUuid(id)) return;
    await this.prisma.session.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
  }

  async revokeAllOfUser(userId: string, now = new Date()): Promise<void> {
    if (!isUuid(userId)) return;
    await this.prisma.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  }
}
