/** docs/product/errors.md: the rate-limit wait is shown in whole minutes, rounded up. */
export function waitMinutes(waitSeconds: number): number {
  return Math.max(1, Math.ceil(waitSeconds / 60));
}

export function minutesLabel(minutes: number): string {
  return minutes === 1 ? '1 Minute' : `${minutes} Minuten`;
}
