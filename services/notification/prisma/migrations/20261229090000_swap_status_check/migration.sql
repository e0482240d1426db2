-- The swap request's statuses (src/domain/swap-status.ts, SWAP_TRANSITIONS); keep both in sync.
ALTER TABLE lesson_swaps ADD CONSTRAINT lesson_swaps_status_check CHECK (status IN ('pending', 'awaiting_approval', 'swapped', 'declined'));
