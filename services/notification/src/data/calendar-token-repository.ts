import type { PrismaClient } from '../generated/prisma/client.js';

/** Private calendar subscription links: one per student, stored as sha256 of the token. */
export class CalendarTokenRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Replaces the student's link (the old one stops working at once). */
  async replace(userId: string, tokenSha256: string): Promise<Date> {
    const row = await this.prisma.calendarToken.upsert({
      where: { userId },
      create: { userId, tokenSha256 },
      update: { tokenSha256, createdAt: new Date() },
    });
    return row.createdAt;
  }

  async find(userId: string): Promise<{ createdAt: Date } | null> {
    return this.prisma.calendarToken.findUnique({ where: { userId }, select: { createdAt: true } });
  }

  /** Whose link this is and since when (a link made before the account's last password reset is dead). */
  async holderOf(tokenSha256: string): Promise<{ userId: string; createdAt: Date } | null> {
    return this.prisma.calendarToken.findUnique({ where: { tokenSha256 }, select: { userId: true, createdAt: true } });
  }

  async remove(userId: string): Promise<void> {
    await this.prisma.calendarToken.deleteMany({ where: { userId } });
  }
}
