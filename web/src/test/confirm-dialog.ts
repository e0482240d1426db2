import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Answers the styled confirmation (shared/ui/use-confirm) titled `title`: checks its message when given,
 * clicks `button` and waits until the dialog has closed.
 */
export async function answerConfirm(title: string, button: string, message?: string): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: title });
  if (message !== undefined) expect(dialog.textContent).toContain(message);
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
}
