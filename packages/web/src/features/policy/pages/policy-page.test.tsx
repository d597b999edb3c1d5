import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerWrongThenRight } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests, signedInApi as signedIn } from '@/test/signed-in-screen';

const policy = { policy_title: 'Privacy', policy_description: 'We keep little.', updatedAt: null };

signedInScreenTests();

describe('Privacy Policy page', () => {
  it('saves an edit only after the right answer to the captcha, then shows the view mode', async () => {
    const put = vi.fn(() =>
      jsonResponse({ status: true, message: 'Policy updated successfully', data: policy }),
    );
    mockApi({
      ...signedIn,
      'GET /api/App/policy/admin/get': { status: true, message: 'Policy', data: policy },
      'PUT /api/App/policy/admin/update': put,
    });
    const user = userEvent.setup();
    renderApp('/policy');
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }));
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Our privacy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText(
        'You are about to update the Privacy Policy. To confirm, please solve this math problem',
      ),
    ).toBeInTheDocument();
    await answerWrongThenRight('Captcha answer is not correct', put);
    expect(await screen.findByText('Policy updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit privacy policy' })).toBeNull();
  });
});
