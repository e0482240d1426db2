import '../../test/dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';
import { ShimmerRows } from './ShimmerRows';
import { Table } from './Table';
import { Tooltip } from './Tooltip';
import { Input } from './Input';

function DialogHarness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Öffnen</button>
      <Dialog
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Klasse/Kurs bearbeiten"
        footer={<button>Änderungen speichern</button>}
      >
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal that takes focus and closes on Escape, returning focus', () => {
    const onClose = vi.fn();
    render(<DialogHarness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Öffnen' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Klasse/Kurs bearbeiten' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', () => {
    render(<DialogHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    const last = screen.getByRole('button', { name: 'Änderungen speichern' });
    const first = screen.getByRole('button', { name: 'Schließen' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on a backdrop click but not on a click inside', () => {
    render(<DialogHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    fireEvent.mouseDown(screen.getByLabelText('Name'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.mouseDown(document.querySelector('.dialog-backdrop')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ShimmerRows', () => {
  it('renders 4 placeholder rows by default with one cell per column', () => {
    render(
      <Table>
        <tbody>
          <ShimmerRows columns={4} />
        </tbody>
      </Table>,
    );
    const rows = screen.getAllByTestId('shimmer-row');
    expect(rows).toHaveLength(4);
    expect(rows[0]!.querySelectorAll('td')).toHaveLength(4);
  });

  it('renders n rows when asked', () => {
    render(
      <table>
        <tbody>
          <ShimmerRows rows={2} columns={6} />
        </tbody>
      </table>,
    );
    expect(screen.getAllByTestId('shimmer-row')).toHaveLength(2);
  });
});

describe('Tooltip and fields', () => {
  it('shows the tooltip on focus and describes the trigger', () => {
    render(
      <Tooltip content="Student*in ist kein registrierter User">
        <button>Info</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Info' });
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id);
    expect(tip.className).not.toContain('tooltip--open');
    fireEvent.focus(trigger);
    expect(tip.className).toContain('tooltip--open');
  });

  it('links errors to their input', () => {
    render(<Input label="E-Mail" error="Bitte gib eine gültige E-Mail-Adresse ein." />);
    const input = screen.getByLabelText('E-Mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)!.textContent).toBe('Bitte gib eine gültige E-Mail-Adresse ein.');
  });
});
