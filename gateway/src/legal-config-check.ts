// At start, warn when the SPA's runtime configuration (config.js) still lacks the operator's data:
// /impressum and /datenschutz then show placeholders, which must not go public like that.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/** The operator fields the legal pages cannot do without (same list as web/src/shared/site-config.ts). */
export const REQUIRED_OPERATOR_FIELDS = ['operator', 'street', 'postalCode', 'city', 'email'] as const;

interface WarnLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** The required impressum fields config.js leaves empty; null when there is no config.js to check. */
export function missingOperatorFields(configJs: string): string[] {
  const window: { __CONFIG__?: { impressum?: Record<string, unknown> } } = {};
  vm.runInNewContext(configJs, { window }, { timeout: 200 });
  const impressum = window.__CONFIG__?.impressum ?? {};
  return REQUIRED_OPERATOR_FIELDS.filter((field) => {
    const value = impressum[field];
    return typeof value !== 'string' || value.trim() === '';
  });
}

/** Logs one warning when `<webDist>/config.js` holds no (or incomplete) operator data. Never throws. */
export function checkLegalConfig(webDist: string, log: WarnLogger): void {
  if (!webDist) return;
  const file = path.join(webDist, 'config.js');
  if (!existsSync(file)) return;
  let missing: string[];
  try {
    missing = missingOperatorFields(readFileSync(file, 'utf8'));
  } catch (error) {
    log.warn({ file, err: error instanceof Error ? error.message : String(error) }, 'config.js could not be read: Impressum and Datenschutz show placeholders');
    return;
  }
  if (missing.length > 0) {
    log.warn({ file, missing }, 'Impressum and Datenschutz show placeholder operator data: set window.__CONFIG__.impressum in config.js');
  }
}
