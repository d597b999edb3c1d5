import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastSuccess } from './toast-success';

afterEach(() => vi.restoreAllMocks());

describe('toastSuccess', () => {
  it('shows a success toast that closes after 2 s (doc 1 section 9)', () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(1);
    toastSuccess('Story updated successfully!');
    expect(success).toHaveBeenCalledWith('Story updated successfully!', {
      duration: 2000,
      id: 'success:Story updated successfully!',
    });
  });

  it("says the spec's 'Updated successfully' for a reply without a message, never an empty toast", () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(1);
    toastSuccess('');
    expect(success).toHaveBeenCalledWith('Updated successfully', expect.anything());
    toastSuccess('', 'Policy updated successfully');
    expect(success).toHaveBeenLastCalledWith('Policy updated successfully', expect.anything());
  });
});
