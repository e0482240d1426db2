import { isUuid, writeOutbox, type OutboxEvent } from '@stundenplan/base';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import type { TokenPurpose } from '../domain/email-tokens.js';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  roleId: number;
  institutionId: string | null;
  duration: number | null;
  emailConfirmedAt: Date | null;
  profilePicture: string | null;
  createdAt: Date;
  institution: { id: string; name: string } | null;
}

export interface TokenRow {
  id: string;
  userId: string;
  purpose: string;
  expiresAt: Date;
  usedAt: Date | null;
  oidcIssuer: string | null;
  oidcSubject: string | null;
  user: UserRow;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  roleId: number;
  institutionId: string | null;
  duration: number | null;
}

export interface NewToken {
  purpose: TokenPurpose;
  hash: string;
  expiresAt: Date;
  /** 'oidc-link' tokens: the identity to link. */
  oidc?: OidcIdentityKey;
}

/** An identity at a university's issuer: iss and sub of its ID tokens. */
export interface OidcIdentityKey {
  issuer: string;
  subject: string;
}

const withInstitution = { institution: { select: { id: true, name: true } } } as const;

/** Unique violation on users.email (concurrent registrations of one address). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string }; meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } } };
  return (
    err?.code === 'P2002' ||
    err?.cause?.code === '23505' ||
    err?.meta?.driverAdapterError?.cause?.originalCode === '23505' ||
    err?.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation'
  );
}

async function writeEvents(tx: Prisma.TransactionClient, events: OutboxEvent[]): Promise<void> {
  for (const e of events) await writeOutbox((text, values) => tx.$executeRawUnsafe(text, ...values), e.topic, e.key, e.payload);
}

export class UserRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async findByEmail(email: string): Promise<UserRow | null> {
    return this.prisma.user.findUnique({ where: { email }, include: withInstitution });
  }

  async findById(id: string): Promise<UserRow | null> {
    if (!isUuid(id)) return null;
    return this.prisma.user.findUnique({ where: { id }, include: withInstitution });
  }

  async findByIds(ids: string[]): Promise<UserRow[]> {
    const valid = [...new Set(ids.filter(isUuid))];
    if (!valid.length) return [];
    return this.prisma.user.findMany({ where: { id: { in: valid } }, include: withInstitution });
  }

  /** User, first token and events in one transaction; the caller builds the events from the new id. */
  async createUser(user: NewUser, token: NewToken, events: (created: UserRow) => OutboxEvent[]): Promise<UserRow> {
    return this.prisma.$transaction(async (tx) => {
      const created = await tx.user.create({ data: user, include: withInstitution });
      await tx.emailToken.create({ data: { userId: created.id, purpose: token.purpose, tokenHash: token.hash, expiresAt: token.expiresAt } });
      await writeEvents(tx, events(created));
      return created;
    });
  }

  async addToken(userId: string, token: NewToken, events: OutboxEvent[]): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.emailToken.create({
        data: {
          userId,
          purpose: token.purpose,
          tokenHash: token.hash,
          expiresAt: token.expiresAt,
          oidcIssuer: token.oidc?.issuer ?? null,
          oidcSubject: token.oidc?.subject ?? null,
        },
      });
      await writeEvents(tx, events);
    });
  }

  async findToken(hash: string, purpose: TokenPurpose): Promise<TokenRow | null> {
    return this.prisma.emailToken.findFirst({ where: { tokenHash: hash, purpose }, include: { user: { include: withInstitution } } });
  }

  /** Marks the token used (once) and the address confirmed. False when the token was used or expired meanwhile. */
  async confirmEmail(tokenId: string, userId: string, now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const claimed = await tx.emailToken.updateMany({ where: { id: tokenId, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
      if (claimed.count !== 1) return false;
      await tx.user.updateMany({ where: { id: userId, emailConfirmedAt: null }, data: { emailConfirmedAt: now } });
      return true;
    });
  }

  /**
   * Uses a reset token exactly once: new password, address counts as confirmed (the link proved it),
   * every other open reset link of the user dies and every session of the user ends. False when the
   * token was used or expired meanwhile.
   */
  async resetPassword(tokenId: string, userId: string, passwordHash: string, now: Date, events: OutboxEvent[] = []): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const claimed = await tx.emailToken.updateMany({ where: { id: tokenId, purpose: 'reset', usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
      if (claimed.count !== 1) return false;
      await tx.user.update({ where: { id: userId }, data: { passwordHash } });
      await tx.user.updateMany({ where: { id: userId, emailConfirmedAt: null }, data: { emailConfirmedAt: now } });
      await tx.emailToken.updateMany({ where: { userId, purpose: 'reset', usedAt: null }, data: { usedAt: now } });
      await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
      await writeEvents(tx, events);
      return true;
    });
  }

  /** The account an identity at the issuer is linked to. */
  async findByOidcIdentity(identity: OidcIdentityKey): Promise<UserRow | null> {
    const row = await this.prisma.oidcIdentity.findUnique({
      where: { issuer_subject: { issuer: identity.issuer, subject: identity.subject } },
      include: { user: { include: withInstitution } },
    });
    return row?.user ?? null;
  }

  /** A new account from a university sign-in: confirmed (the issuer vouches for the address), linked, with its events. */
  async createOidcUser(user: NewUser, identity: OidcIdentityKey, now: Date, events: (created: UserRow) => OutboxEvent[]): Promise<UserRow> {
    return this.prisma.$transaction(async (tx) => {
      const created = await tx.user.create({ data: { ...user, emailConfirmedAt: now }, include: withInstitution });
      await tx.oidcIdentity.create({ data: { issuer: identity.issuer, subject: identity.subject, userId: created.id } });
      await writeEvents(tx, events(created));
      return created;
    });
  }

  /**
   * Uses an 'oidc-link' token exactly once and links its identity to the token's account (the link in
   * the mail proved the address). False when the token was used or expired meanwhile, or the identity
   * belongs to an account already.
   */
  async linkOidcIdentity(tokenId: string, userId: string, identity: OidcIdentityKey, now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const claimed = await tx.emailToken.updateMany({
        where: { id: tokenId, purpose: 'oidc-link', usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) return false;
      const taken = await tx.oidcIdentity.findUnique({ where: { issuer_subject: { issuer: identity.issuer, subject: identity.subject } } });
      if (taken) return taken.userId === userId;
      await tx.oidcIdentity.create({ data: { issuer: identity.issuer, subject: identity.subject, userId } });
      await tx.user.updateMany({ where: { id: userId, emailConfirmedAt: null }, data: { emailConfirmedAt: now } });
      return true;
    });
  }

  /** Deletes the user (tokens and sessions cascade) and writes the events; false when the user was already gone. */
  async deleteUser(userId: string, events: OutboxEvent[]): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const deleted = await tx.user.deleteMany({ where: { id: userId } });
      if (deleted.count !== 1) return false;
      await writeEvents(tx, events);
      return true;
    });
  }
}
