// Operator details for the Impressum. A deployment sets them at runtime through
// window.__CONFIG__.impressum (see public/config.js); these placeholders fill any gap.
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

export interface RuntimeConfig {
  impressum?: Partial<ImpressumConfig>;
}

declare global {
  interface Window {
    __CONFIG__?: RuntimeConfig;
  }
}

export const DEFAULT_IMPRESSUM: ImpressumConfig = {
  operator: 'Stundenplan-Assistent (Betreiberangaben noch nicht hinterlegt)',
  representative: 'Vertreten durch: bitte in der Konfiguration angeben',
  street: 'Musterstraße 1',
  postalCode: '12345',
  city: 'Musterstadt',
  country: 'Deutschland',
  email: 'kontakt@example.org',
  responsible: 'Max Mustermann, Anschrift wie oben',
};

export function getImpressum(config: RuntimeConfig | undefined = typeof window === 'undefined' ? undefined : window.__CONFIG__): ImpressumConfig {
  const fromRuntime = config?.impressum ?? {};
  const defined = Object.fromEntries(Object.entries(fromRuntime).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
  return { ...DEFAULT_IMPRESSUM, ...defined };
}
