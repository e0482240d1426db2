import '../../test/dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';
import { ShimmerRows } from './ShimmerRows';
import { Table } from './Table';
import { Tooltip, tooltipPosition } from './Tooltip';
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

  it('keeps an open tooltip inside the window, fixed to it, beside its anchor', () => {
    const phone = { width: 390, height: 844 };
    // 'Stundenplan laden' at the left edge of the planner's sidebar: centred it would start left of the window.
    const load = { top: 300, bottom: 340, left: 24, width: 40 };
    expect(tooltipPosition(load, { width: 130, height: 30 }, phone, 'top')).toEqual({ top: 262, left: 8 });
    // At the right edge it ends 8 px inside the window.
    expect(tooltipPosition({ ...load, left: 360, width: 24 }, { width: 130, height: 30 }, phone, 'top').left).toBe(252);
    // No room above: below the anchor; no room below: above it.
    expect(tooltipPosition({ ...load, top: 10, bottom: 50 }, { width: 130, height: 30 }, phone, 'top').top).toBe(58);
    expect(tooltipPosition({ ...load, top: 800, bottom: 840 }, { width: 130, height: 30 }, phone, 'bottom').top).toBe(762);
    // Room enough: centred on the anchor.
    expect(tooltipPosition({ ...load, left: 200 }, { width: 100, height: 30 }, phone, 'bottom')).toEqual({ top: 348, left: 170 });
  });

  it('an open tooltip is placed fixed to the window (a scrolling container does not clip it)', () => {
    render(
      <Tooltip content="Stundenplan laden">
        <button>Laden</button>
      </Tooltip>,
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Laden' }).parentElement!);
    const tip = screen.getByRole('tooltip');
    expect(tip.style.position).toBe('fixed');
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
