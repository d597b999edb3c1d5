import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmAdminDialog, isAdminReply } from './confirm-admin-dialog';

// The toasts are spied on (sonner's `toast` is one object the app shares): none is raised, and the
// calls say which. restoreMocks puts them back after each test.
beforeEach(() => void vi.spyOn(toast, 'error').mockReturnValue(1));

describe('ConfirmAdminDialog', () => {
  it('accepts admin trimmed and in any case, nothing else', () => {
    expect(isAdminReply('admin')).toBe(true);
    expect(isAdminReply('  ADMIN ')).toBe(true);
    expect(isAdminReply('admins')).toBe(false);
    expect(isAdminReply('')).toBe(false);
  });

  it('confirms only after admin is typed', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(
      <ConfirmAdminDialog open onOpenChange={() => {}} action="delete every web ad" onConfirm={onConfirm} />,
    );
    const input = screen.getByLabelText('Type admin to confirm');
    await user.type(input, 'nope{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledOnce();
    await user.clear(input);
    await user.type(input, ' Admin ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
