import '../../test/dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useAutoFocus } from './use-auto-focus';

function Field({ enabled }: { enabled?: boolean }) {
  return <input aria-label="Feld" ref={useAutoFocus<HTMLInputElement>(enabled)} />;
}

function InlineEditor({ enabled }: { enabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return open ? <Field enabled={enabled} /> : <button onClick={() => setOpen(true)}>Bearbeiten</button>;
}

describe('useAutoFocus', () => {
  it('focuses a field that mounts after a click, when it mounts', () => {
    render(<InlineEditor />);
    const open = screen.getByRole('button', { name: 'Bearbeiten' });
    open.focus();
    fireEvent.click(open);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Feld' }));
  });

  it('leaves the focus alone when disabled', () => {
    render(<InlineEditor enabled={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    expect(document.activeElement).not.toBe(screen.getByRole('textbox', { name: 'Feld' }));
  });
});
