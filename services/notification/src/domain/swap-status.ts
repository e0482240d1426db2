/** The states of a swap request (docs/product/semester.md "Swaps"). */
export type SwapStatus = 'pending' | 'awaiting_approval' | 'swapped' | 'declined';

/**
 * The swap request's state machine, the one place that says which answer may follow which: the asked student
 * accepts (swapped, or awaiting the teacher's approval when the class's rules ask for it) or declines; the teacher
 * approves or declines what awaits approval. Swapped and declined are final. The database's CHECK constraint
 * `lesson_swaps_status_check` holds the same statuses.
 */
export const SWAP_TRANSITIONS = {
  pending: ['awaiting_approval', 'swapped', 'declined'],
  awaiting_approval: ['swapped', 'declined'],
  swapped: [],
  declined: [],
} as const satisfies Record<SwapStatus, readonly SwapStatus[]>;

/** A move the table allows: a status and one of the statuses that may follow it. */
export type SwapTransition = { [F in SwapStatus]: { from: F; to: (typeof SWAP_TRANSITIONS)[F][number] } }[SwapStatus];
