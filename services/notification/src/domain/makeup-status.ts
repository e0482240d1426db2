/** The states of a make-up (docs/product/semester.md "Make-up lessons"); past `expires_on` an open one is expired (derived, not stored). */
export type MakeupStatus = 'open' | 'booked';

/**
 * The make-up's state machine, the one place that says which state may follow which: an open make-up is booked
 * once; a booked one stays booked (withdrawing the cancellation removes only an open make-up, with it). The
 * database's CHECK constraints `makeups_status_check` and `makeups_booked_check` hold the same statuses.
 */
export const MAKEUP_TRANSITIONS = {
  open: ['booked'],
  booked: [],
} as const satisfies Record<MakeupStatus, readonly MakeupStatus[]>;

/** A move the table allows: a status and one of the statuses that may follow it. */
export type MakeupTransition = { [F in MakeupStatus]: { from: F; to: (typeof MAKEUP_TRANSITIONS)[F][number] } }[MakeupStatus];
