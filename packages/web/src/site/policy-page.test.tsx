import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hangingFetch, jsonResponse, stubbedFetch } from '@/test/runtime';
import { PolicyPage } from './policy-page';

const fetchMock = stubbedFetch();

describe('the public policy page', () => {
  it('shows the policy as text', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        status: true,
        data: { policy_title: 'Our Policy', policy_description: '<b>plain</b>' },
      }),
    );
    render(<PolicyPage />);
    expect(await screen.findByRole('heading', { name: 'Our Policy' })).toBeInTheDocument();
    expect(screen.getByText('<b>plain</b>')).toBeInTheDocument();
  });

  it('says it could not be loaded when no reply comes within 20 s, instead of loading for ever', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    render(<PolicyPage />);
    await act(() => vi.advanceTimersByTimeAsync(19_999));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the privacy policy');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toHaveTextContent('The privacy policy could not be loaded');
  });
});
