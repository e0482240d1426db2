import type { KeyValueStore, Logger } from '@stundenplan/base';
import type { ClassesGateway } from '../clients/classes-client.js';
import type { MailLimitGateway } from '../clients/mail-limit-client.js';
import type { Config } from '../config.js';
import type { InstitutionRepository } from '../data/institution-repository.js';
import type { UserRepository } from '../data/user-repository.js';
import type { OidcClient } from './oidc.js';
import type { SessionTokens } from './session-tokens.js';

export interface AuthDeps {
  cfg: Config;
  log: Logger;
  users: UserRepository;
  institutions: InstitutionRepository;
  classes: ClassesGateway;
  sessions: SessionTokens;
  /** Shared key-value store (memory or Redis): revocations and the service's own rate limits. */
  store: KeyValueStore;
  /** The university sign-in (OpenID Connect); null when OIDC_ISSUER is not set. */
  oidc: OidcClient | null;
  /** The notification service's daily mail limit per recipient (asked before a mail the caller waits for). */
  mailLimit: MailLimitGateway;
  /** Publish committed outbox rows now. */
  kickOutbox: () => void;
}

export type { InstitutionRow } from '../data/institution-repository.js';
