import '../../test/dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { clearToasts, toast } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows a toast and closes it after 3000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Login erfolgreich');
    });
    expect(screen.getByText('Login erfolgreich')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByText('Login erfolgreich')).not.toBeNull();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Login erfolgreich')).toBeNull();
  });

  it('closes a toast on click and leaves the others', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Fehler beim Ausloggen');
      toast.info('Hinweis');
    });
    fireEvent.click(screen.getByText('Fehler beim Ausloggen'));
    expect(screen.queryByText('Fehler beim Ausloggen')).toBeNull();
    expect(screen.getByText('Hinweis')).toBeTruthy();
  });

  it('marks the kind so success, error and info look different', () => {
    render(<Toaster />);
    act(() => {
      toast.success('a');
      toast.error('b');
      toast.info('c');
    });
    expect(screen.getByText('a').closest('.toast')?.className).toContain('toast--success');
    expect(screen.getByText('b').closest('.toast')?.getAttribute('role')).toBe('alert');
    expect(screen.getByText('c').closest('.toast')?.className).toContain('toast--info');
  });
});
