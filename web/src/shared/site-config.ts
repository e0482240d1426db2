// Operator details for the Impressum and the Datenschutzerklärung. A deployment sets them at runtime
// through window.__CONFIG__ (see public/config.js); placeholders fill any gap, and the pages warn
// while the operator's own data are missing.
export interface ImpressumConfig {
  operator: string;
  representative?: string;
  street: string;
  postalCode: string;
  city: string;
  country?: string;
  email: string;
  phone?: string;
  /** Person responsible for the content (§ 18 Abs. 2 MStV). */
  responsible?: string;
  vatId?: string;
}

/** What the Datenschutzerklärung needs beyond the operator (all optional). */
export interface PrivacyConfig {
  /** Data protection officer: name and how to reach them. */
  dataProtectionOfficer?: string;
  /** Who runs the servers (name, place). */
  hosting?: string;
  /** Who delivers the e-mails, e.g. an e-mail service provider. */
  mailProvider?: string;
  /** The supervisory authority responsible for the operator. */
  supervisoryAuthority?: string;
  /** Days after a semester's last day until a class's data goes (the classes service's RETENTION_DAYS_AFTER_SEMESTER, default 180). */
  retentionDaysAfterSemester?: string;
  /** Months without a sign-in until an account is warned and deleted (the auth service's ACCOUNT_RETENTION_MONTHS, default 24). */
  accountRetentionMonths?: string;
}

/** What the Erklärung zur Barrierefreiheit needs beyond the operator (optional). */
export interface AccessibilityConfig {
  /** The arbitration or enforcement body responsible for the operator (Schlichtungs- oder Durchsetzungsstelle). */
  enforcementBody?: string;
}

export interface RuntimeConfig {
  impressum?: Partial<ImpressumConfig>;
  privacy?: PrivacyConfig;
  accessibility?: AccessibilityConfig;
}

declare global {
  interface Window {
    __CONFIG__?: RuntimeConfig;
  }
}

/** The operator fields a legal page cannot do without. */
export const REQUIRED_OPERATOR_FIELDS = ['operator', 'street', 'postalCode', 'city', 'email'] as const;

export const DEFAULT_IMPRESSUM: ImpressumConfig = {
  operator: '[Name des Betreibers]',
  representative: '[Vertreten durch]',
  street: '[Straße und Hausnummer]',
  postalCode: '[PLZ]',
  city: '[Ort]',
  country: 'Deutschland',
  email: '[E-Mail-Adresse]',
  responsible: '[Verantwortliche Person, Anschrift]',
};

function runtimeConfig(): RuntimeConfig | undefined {
  return typeof window === 'undefined' ? undefined : window.__CONFIG__;
}

function filled(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function getImpressum(config: RuntimeConfig | undefined = runtimeConfig()): ImpressumConfig {
  const fromRuntime = config?.impressum ?? {};
  const defined = Object.fromEntries(Object.entries(fromRuntime).filter(([, v]) => filled(v)));
  return { ...DEFAULT_IMPRESSUM, ...defined };
}

function filledOnly<T extends object>(fromRuntime: T | undefined): T {
  return Object.fromEntries(Object.entries(fromRuntime ?? {}).filter(([, v]) => filled(v))) as T;
}

export function getPrivacy(config: RuntimeConfig | undefined = runtimeConfig()): PrivacyConfig {
  return filledOnly(config?.privacy);
}

export function getAccessibility(config: RuntimeConfig | undefined = runtimeConfig()): AccessibilityConfig {
  return filledOnly(config?.accessibility);
}

/** The required operator fields the runtime configuration leaves empty (the pages show placeholders for them). */
export function missingOperatorFields(config: RuntimeConfig | undefined = runtimeConfig()): string[] {
  const impressum = config?.impressum ?? {};
  return REQUIRED_OPERATOR_FIELDS.filter((field) => !filled(impressum[field]));
}

/** True for a value that is still one of the placeholders (shown as plain text, never as a link). */
export function isPlaceholder(value: string): boolean {
  return /^\[.*\]$/.test(value.trim());
}
