// The four steps of /scheduling (docs/product/planning.md, docs/product/planning.md "Teacher scheduling process"): paths, the automatic
// jump after choosing a class and the access rules with their warnings.

export type Step = 1 | 2 | 3 | 4;

export interface StepInfo {
  step: Step;
  label: string;
  path: string;
}

/** Query parameter carrying the chosen class on steps 2-4. */
export const CLASS_PARAM = 'klasse';

export const STEPS: readonly StepInfo[] = Object.freeze([
  { step: 1, label: 'Klasse wählen', path: '/scheduling' },
  { step: 2, label: 'Bevorzugte Zeiten eingeben', path: '/scheduling/zeiten' },
  { step: 3, label: 'Zeitraum für Studierende festlegen', path: '/scheduling/zeitraum' },
  { step: 4, label: 'Stundenplan planen', path: '/scheduling/planen' },
]);

/** The step of a path under /scheduling, or null for an unknown sub-path. */
export function stepFromPath(pathname: string): Step | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return STEPS.find((s) => s.path === clean)?.step ?? null;
}

/** Where a step lives; steps 2-4 carry the class (step 1 never: going there resets everything). */
export function stepPath(step: Step, classId?: string | null): string {
  const { path } = STEPS[step - 1]!;
  if (step === 1 || !classId) return path;
  return `${path}?${CLASS_PARAM}=${encodeURIComponent(classId)}`;
}

export interface FlowFacts {
  hasClass: boolean;
  /** At least one saved teacher time. */
  hasTimes: boolean;
  /** A time-range mode is set for the class. */
  hasRangeMode: boolean;
}

/** docs/product/planning.md automatic jump: step 4 with times and a range mode, step 3 with times only, else step 2. */
export function autoStep({ hasTimes, hasRangeMode }: Pick<FlowFacts, 'hasTimes' | 'hasRangeMode'>): Step {
  if (hasTimes && hasRangeMode) return 4;
  if (hasTimes) return 3;
  return 2;
}

export type StepWarningKind = 'noClasses' | 'noClass' | 'noTimes' | 'noRange';

export interface StepWarning {
  kind: StepWarningKind;
  text: string;
  /** The button leading to what is missing. */
  actionLabel: string;
  /** A step, or a path outside scheduling. */
  target: Step | string;
}

export const STEP_WARNINGS: Readonly<Record<StepWarningKind, StepWarning>> = Object.freeze({
  noClasses: {
    kind: 'noClasses',
    text: 'Du hast noch keine Klasse angelegt. Lege zuerst eine Klasse an, um einen Stundenplan zu erstellen.',
    actionLabel: 'Klasse anlegen',
    target: '/me/classes',
  },
  noClass: {
    kind: 'noClass',
    text: 'Bitte wähle zuerst eine Klasse aus.',
    actionLabel: 'Zu Schritt 1: Klasse wählen',
    target: 1,
  },
  noTimes: {
    kind: 'noTimes',
    text: 'Bitte trage zuerst deine bevorzugten Zeiten ein, bevor du den Zeitraum für die Studierenden festlegst.',
    actionLabel: 'Zu Schritt 2: Zeiten eingeben',
    target: 2,
  },
  noRange: {
    kind: 'noRange',
    text: 'Bitte lege zuerst den Zeitraum für die Studierenden fest, bevor du den Stundenplan planst.',
    actionLabel: 'Zu Schritt 3: Zeitraum festlegen',
    target: 3,
  },
});

/**
 * docs/product/planning.md access rules: step 2 needs a class, step 3 at least one teacher time, step 4 a set range
 * mode (each later step needs everything an earlier one needs). Null when the step may be shown.
 */
export function stepAccess(step: Step, facts: FlowFacts): StepWarning | null {
  if (step === 1) return null;
  if (!facts.hasClass) return STEP_WARNINGS.noClass;
  if (step === 2) return null;
  if (!facts.hasTimes) return STEP_WARNINGS.noTimes;
  if (step === 3) return null;
  if (!facts.hasRangeMode) return STEP_WARNINGS.noRange;
  return null;
}
