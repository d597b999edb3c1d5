import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectSwitchAsks } from '@/test/answer-math';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests } from '@/test/signed-in-screen';
import { openScreen } from './signed-in-app';
import { testMatch, testMatchList } from './test-live-matches';

signedInScreenTests();

describe('Live Match Management: the status switch', { timeout: 30_000 }, () => {
  it('asks the arithmetic question first, as the story switch does (0055)', async () => {
    let status = true;
    const send = vi.fn(() => {
      status = false;
      return jsonResponse({ status: true, message: 'Status updated' });
    });
    openScreen('/add/liveMatch', {
      'GET /api/App/liveMatch/admin': () => jsonResponse(testMatchList([{ ...testMatch, status }], true)),
      [`PUT /api/App/liveMatch/admin/status/${testMatch._id}`]: send,
      'GET /api/admin/system/liveViewers': { status: true, message: 'ok', data: [] },
    });
    const toggle = await expectSwitchAsks({
      name: 'Status of Cup Final',
      prompt:
        'You are about to change the status of Live Match "Cup Final". To confirm, please solve this math problem',
      wrongAnswer: 'Captcha answer is not correct',
      send,
    });
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
