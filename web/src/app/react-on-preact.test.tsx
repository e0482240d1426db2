import '../test/dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState, type RefObject } from 'react';
import { describe, expect, it } from 'vitest';

const field: RefObject<HTMLInputElement | null> = { current: null };

function Later() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        Öffnen
      </button>
      {shown && <input aria-label="E-Mail" ref={field} autoFocus />}
    </>
  );
}

describe('autoFocus (the build on preact/compat as on React)', () => {
  it('focuses an element shown after the page load when it mounts, and keeps its own ref', async () => {
    render(<Later />);
    const button = screen.getByRole('button', { name: 'Öffnen' });
    button.focus();
    fireEvent.click(button);
    await act(async () => {
      await Promise.resolve();
    });
    const input = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(document.activeElement).toBe(input);
    expect(field.current).toBe(input);
  });
});
