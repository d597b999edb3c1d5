import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { categoryMessages } from '@streamdesk/contract/video-categories';
import { expectSwitchAsks } from '@/test/answer-math';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi, signedInScreenTests } from '@/test/signed-in-screen';
import { cricket } from './category-test-data';

signedInScreenTests();

describe('Video Categories: the status switch', { timeout: 30_000 }, () => {
  it('asks the arithmetic question first, with the categories wrong-answer toast (0055)', async () => {
    let status = true;
    const send = vi.fn(() => {
      status = false;
      return jsonResponse({ status: true, message: 'Category status updated' });
    });
    mockApi({
      ...signedInApi,
      'GET /api/App/video/category': () =>
        jsonResponse({ status: true, message: 'ok', data: [{ ...cricket, status }] }),
      'PUT /api/App/video/category/status/c1': send,
    });
    renderApp('/add/video/category');
    const toggle = await expectSwitchAsks({
      name: 'Status of Cricket',
      prompt:
        'You are about to change the status of the category "Cricket". To confirm, please solve this math problem',
      wrongAnswer: categoryMessages.wrongAnswer,
      send,
    });
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
