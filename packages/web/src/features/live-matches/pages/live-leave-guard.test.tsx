import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerMath } from '@/test/answer-math';
import { PNG } from '@/test/images';
import {
  askedToLeave,
  asksBeforeUnload,
  expectAskedBeforeDropping,
  expectAskedBeforeLeaving,
  expectLeavesWithoutAsking,
  expectMovesWithoutAsking,
  policyApi,
  stay,
} from '@/test/leave-guard';
import { jsonResponse } from '@/test/runtime';
import { signedInScreenTests } from '@/test/signed-in-screen';
import { openScreen } from './signed-in-app';
import { testMatch, testMatchList, testWebAd } from './test-live-matches';

/**
 * The live match and Ads Fire screens ask before a move loses a new match or ad not added, or a row's
 * edit not saved; not once it is added, saved or cancelled (issue 36).
 */

signedInScreenTests();

// The search asks once its 500 ms wait is over, and each page is a load: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

function openMatches(matches: unknown[] = [testMatch]) {
  const view = openScreen('/add/liveMatch', {
    ...policyApi,
    'GET /api/App/liveMatch/admin': testMatchList(matches, true),
    'GET /api/admin/system/liveViewers': { status: true, message: 'ok', data: [] },
    'POST /api/App/liveMatch/admin': {
      status: true,
      message: 'Live match added successfully',
      data: testMatch,
    },
    'PUT /api/App/liveMatch/admin': () =>
      jsonResponse({ status: true, message: 'Live match updated successfully', data: testMatch }),
  });
  return { ...view, user: userEvent.setup() };
}

describe('Live Match Management: work not saved', { timeout: 20_000 }, () => {
  it('asks before the menu leaves a new match: Cancel keeps it, Leave goes', async () => {
    const { router, user } = openMatches();
    const form = within(await screen.findByRole('form', { name: 'Add live match' }, { timeout: 8000 }));
    // An untouched row in edit mode does not hide the add form's question.
    await user.click(await screen.findByRole('button', { name: 'Edit Cup Final' }));
    expect(asksBeforeUnload()).toBe(false);
    await user.type(form.getByLabelText('Title'), 'Semi');
    await user.type(form.getByLabelText('URL'), 'https://s.example/semi');
    expect(asksBeforeUnload()).toBe(true);

    await expectAskedBeforeLeaving({ user, router }, 'the new live match', () => {
      expect(form.getByLabelText('Title')).toHaveValue('Semi');
      expect(form.getByLabelText('URL')).toHaveValue('https://s.example/semi');
    });
  });

  it('asks for a picked image alone, not for fields put back, and not once the match is added', async () => {
    const { router, user } = openMatches();
    const form = within(await screen.findByRole('form', { name: 'Add live match' }, { timeout: 8000 }));
    await user.type(form.getByLabelText('Title'), 'S');
    await user.clear(form.getByLabelText('Title'));
    expect(asksBeforeUnload()).toBe(false);

    await user.upload(
      form.getByLabelText('Image (PNG or GIF)'),
      new File([PNG], 'semi.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(asksBeforeUnload()).toBe(true));
    await stay(user, await askedToLeave(user, 'the new live match'));

    await user.type(form.getByLabelText('Title'), 'Semi');
    await user.type(form.getByLabelText('URL'), 'https://s.example/semi');
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(form.getByLabelText('Title')).toHaveValue(''));
    await expectLeavesWithoutAsking({ user, router });
  });

  it("asks before the menu leaves a row's edit: Cancel keeps it, Leave goes", async () => {
    const { router, user } = openMatches();
    await user.click(await screen.findByRole('button', { name: 'Edit Cup Final' }, { timeout: 8000 }));
    const row = within(screen.getByRole('row', { name: 'Editing Cup Final' }));
    await user.type(row.getByLabelText('Edit title'), ' 2');
    expect(asksBeforeUnload()).toBe(true);

    await expectAskedBeforeLeaving({ user, router }, 'the live match being edited', () =>
      expect(row.getByLabelText('Edit title')).toHaveValue('Cup Final 2'),
    );
  });

  it("does not ask once a row's edit is cancelled, or once it is saved", async () => {
    const { router, user } = openMatches();
    await user.click(await screen.findByRole('button', { name: 'Edit Cup Final' }, { timeout: 8000 }));
    let row = within(screen.getByRole('row', { name: 'Editing Cup Final' }));
    await user.type(row.getByLabelText('Edit title'), ' 2');
    await user.click(row.getByRole('button', { name: 'Cancel' }));
    expect(asksBeforeUnload()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit Cup Final' }));
    row = within(screen.getByRole('row', { name: 'Editing Cup Final' }));
    await user.type(row.getByLabelText('Edit title'), ' 2');
    await user.click(row.getByRole('button', { name: 'Save' }));
    await answerMath();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Editing Cup Final' })).toBeNull());
    await expectLeavesWithoutAsking({ user, router });
  });
});

describe('live match and Ads Fire rows: Enter saves, Esc cancels', { timeout: 20_000 }, () => {
  it('cancels a match row on Esc and saves it on Enter, focus back on its Edit each time', async () => {
    const { user } = openMatches();
    await user.click(await screen.findByRole('button', { name: 'Edit Cup Final' }, { timeout: 8000 }));
    let row = within(screen.getByRole('row', { name: 'Editing Cup Final' }));
    await user.type(row.getByLabelText('Edit title'), ' 2{Escape}');
    expect(screen.queryByRole('row', { name: 'Editing Cup Final' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Cup Final' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit Cup Final' }));
    row = within(screen.getByRole('row', { name: 'Editing Cup Final' }));
    await user.type(row.getByLabelText('Edit title'), ' 2{Enter}');
    await answerMath();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Editing Cup Final' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Edit Cup Final/ })).toHaveFocus());
  });

  it('cancels an Ads Fire row on Esc, focus back on its Edit', async () => {
    const { user } = openAdsFire();
    await user.click(await screen.findByRole('button', { name: 'Edit Sponsor' }, { timeout: 8000 }));
    const row = within(screen.getByRole('row', { name: 'Editing Sponsor' }));
    await user.type(row.getByLabelText('Edit URL'), '/cup{Escape}');
    expect(screen.queryByRole('row', { name: 'Editing Sponsor' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Sponsor' })).toHaveFocus();
  });
});

function openAdsFire(ads: unknown[] = [testWebAd]) {
  const view = openScreen('/add/liveMatch/liveAdWeb', {
    ...policyApi,
    'GET /api/App/liveMatch/liveAdsWeb': { status: true, message: 'ok', data: ads },
    'POST /api/App/liveMatch/liveAdsWeb': { status: true, message: 'Ad added successfully', data: testWebAd },
    'PUT /api/App/liveMatch/liveAdsWeb': {
      status: true,
      message: 'Ad updated successfully',
      data: testWebAd,
    },
  });
  return { ...view, user: userEvent.setup() };
}

describe('Ads Fire: work not saved', { timeout: 20_000 }, () => {
  it('asks before the menu leaves a new ad: Cancel keeps it, Leave goes; not once it is added', async () => {
    const { router, user } = openAdsFire();
    const form = within(await screen.findByRole('form', { name: 'Add website ad' }, { timeout: 8000 }));
    await user.type(form.getByLabelText('Ad name'), 'Promo');
    await stay(user, await askedToLeave(user, 'the new website ad'));
    expect(form.getByLabelText('Ad name')).toHaveValue('Promo');

    await user.type(form.getByLabelText('Ad URL'), 'https://promo.example.com');
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(form.getByLabelText('Ad name')).toHaveValue(''));
    await expectLeavesWithoutAsking({ user, router });
  });

  it("asks before the menu leaves a row's edit: Cancel keeps it, Leave goes", async () => {
    const { router, user } = openAdsFire();
    await user.click(await screen.findByRole('button', { name: 'Edit Sponsor' }, { timeout: 8000 }));
    const row = within(screen.getByRole('row', { name: 'Editing Sponsor' }));
    await user.type(row.getByLabelText('Edit URL'), '/cup');
    await expectAskedBeforeLeaving({ user, router }, 'the website ad being edited', () =>
      expect(row.getByLabelText('Edit URL')).toHaveValue('https://sponsor.example.com/cup'),
    );
  });

  it("does not ask once a row's edit is saved", async () => {
    const { router, user } = openAdsFire();
    await user.click(await screen.findByRole('button', { name: 'Edit Sponsor' }, { timeout: 8000 }));
    const row = within(screen.getByRole('row', { name: 'Editing Sponsor' }));
    await user.type(row.getByLabelText('Edit URL'), '/cup');
    await user.click(row.getByRole('button', { name: 'Save' }));
    await answerMath();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Editing Sponsor' })).toBeNull());
    await expectLeavesWithoutAsking({ user, router });
  });
});

const semiFinal = { ...testMatch, _id: '6650f0c1a2b3c4d5e6f70813', title: 'Semi Final' };
const promo = { ...testWebAd, _id: '6650f0c1a2b3c4d5e6f70902', a_name: 'Promo' };

/** Edit on `other` while the row in edit (`editing`) holds a change: the leave question first (0056). */
const editOther = (user: ReturnType<typeof userEvent.setup>, other: string) => () =>
  user.click(screen.getByRole('button', { name: `Edit ${other}` }));
const inEdit = (name: string) => screen.queryByRole('row', { name: `Editing ${name}` });
const switchedTo = (to: string, from: string) => async () => {
  await waitFor(() => expect(inEdit(to)).not.toBeNull());
  expect(inEdit(from)).toBeNull();
};

/** Each list's rows: the first edited, its field changed by `typed` to `changed`, and another row. */
const lists = [
  {
    list: 'live matches',
    open: () => openMatches([testMatch, semiFinal]),
    ...{ first: 'Cup Final', other: 'Semi Final', field: 'Edit title', typed: ' 2', changed: 'Cup Final 2' },
    what: 'the live match being edited',
  },
  {
    list: 'Ads Fire',
    open: () => openAdsFire([testWebAd, promo]),
    ...{ first: 'Sponsor', other: 'Promo', field: 'Edit URL', typed: '/cup' },
    changed: 'https://sponsor.example.com/cup',
    what: 'the website ad being edited',
  },
];

describe('Edit on another row while the row in edit holds a change', { timeout: 20_000 }, () => {
  for (const { list, open, first, other, field, typed, changed, what } of lists) {
    it(`${list}: asks; Cancel keeps the change in edit, Leave without saving opens the other row`, async () => {
      const { user } = open();
      await user.click(await screen.findByRole('button', { name: `Edit ${first}` }, { timeout: 8000 }));
      const row = within(inEdit(first)!);
      await user.type(row.getByLabelText(field), typed);
      await expectAskedBeforeDropping(user, what, editOther(user, other), {
        kept: () => expect(row.getByLabelText(field)).toHaveValue(changed),
        went: switchedTo(other, first),
      });
    });

    it(`${list}: an unchanged row switches at once, a change typed back too`, async () => {
      const { user } = open();
      await user.click(await screen.findByRole('button', { name: `Edit ${first}` }, { timeout: 8000 }));
      await user.type(within(inEdit(first)!).getByLabelText(field), '2{Backspace}');
      await expectMovesWithoutAsking(editOther(user, other), switchedTo(other, first));
    });
  }
});

/**
 * Two pages, Cup Final on the first and Semi Final on the second; a search finds by title, in one page. The
 * order is the URL's alone here: each order answers the same page.
 */
function openTwoPages() {
  const list = (url: string) => {
    const query = new URL(url, 'http://localhost').searchParams;
    const q = query.get('q');
    if (q)
      return jsonResponse(
        testMatchList(
          [semiFinal].filter((m) => m.title.includes(q)),
          true,
        ),
      );
    const page = Number(query.get('page'));
    return jsonResponse({ ...testMatchList([page === 2 ? semiFinal : testMatch], true), totalPage: 2 });
  };
  const view = openScreen('/add/liveMatch', {
    'GET /api/App/liveMatch/admin': list,
    'GET /api/admin/system/liveViewers': { status: true, message: 'ok', data: [] },
  });
  return { ...view, user: userEvent.setup() };
}

describe('A page, search or sort change while the row in edit holds a change', { timeout: 30_000 }, () => {
  const what = 'the live match being edited';
  const title = () => within(inEdit('Cup Final')!).getByLabelText('Edit title');
  const pager = () => within(screen.getByRole('navigation', { name: 'Pagination' }));

  async function changeCupFinal() {
    const page = openTwoPages();
    await page.user.click(await screen.findByRole('button', { name: 'Edit Cup Final' }, { timeout: 8000 }));
    await page.user.type(title(), ' 2');
    return page;
  }
  const keptOn = (router: ReturnType<typeof openTwoPages>['router'], search: string) => () => {
    expect(title()).toHaveValue('Cup Final 2');
    expect(router.state.location.search).toBe(search);
  };

  it('Next page asks: Cancel keeps the page and the change, Leave goes to page 2 and closes the row', async () => {
    const { router, user } = await changeCupFinal();
    await expectAskedBeforeDropping(
      user,
      what,
      () => user.click(pager().getByRole('button', { name: 'Next' })),
      {
        kept: keptOn(router, ''),
        went: async () => {
          expect(await screen.findByRole('button', { name: 'Edit Semi Final' })).toBeInTheDocument();
          expect(router.state.location.search).toBe('?page=2');
        },
      },
    );
    // Back on page 1, the row is no longer in edit: its draft went with the move.
    await user.click(pager().getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('button', { name: 'Edit Cup Final' })).toBeInTheDocument();
    expect(inEdit('Cup Final')).toBeNull();
  });

  it('a sort asks: Cancel keeps the order and the change, Leave sorts and closes the row', async () => {
    const { router, user } = await changeCupFinal();
    await expectAskedBeforeDropping(
      user,
      what,
      () => user.click(screen.getByRole('button', { name: 'Title' })),
      {
        kept: keptOn(router, ''),
        went: async () => {
          await waitFor(() => expect(router.state.location.search).toBe('?sort=title'));
          expect(await screen.findByRole('button', { name: 'Edit Cup Final' })).toBeInTheDocument();
          expect(inEdit('Cup Final')).toBeNull();
        },
      },
    );
  });

  it('a search asks once it would apply: Cancel puts the box back, Leave searches', async () => {
    const { router, user } = await changeCupFinal();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await expectAskedBeforeDropping(user, what, () => user.type(search, 'Semi'), {
      kept: () => {
        keptOn(router, '')();
        expect(search).toHaveValue('');
      },
      went: async () => {
        expect(await screen.findByRole('button', { name: 'Edit Semi Final' })).toBeInTheDocument();
        expect(router.state.location.search).toBe('?q=Semi');
        expect(search).toHaveValue('Semi');
      },
    });
  });

  it('a row in edit without a change moves at once, and closes', async () => {
    const { router, user } = openTwoPages();
    await user.click(await screen.findByRole('button', { name: 'Edit Cup Final' }, { timeout: 8000 }));
    await expectMovesWithoutAsking(
      () => user.click(screen.getByRole('button', { name: 'Title' })),
      async () => {
        await waitFor(() => expect(router.state.location.search).toBe('?sort=title'));
        expect(inEdit('Cup Final')).toBeNull();
        // Focus stays on the header pressed: the row's close does not take it to its Edit.
        expect(screen.getByRole('button', { name: 'Title' })).toHaveFocus();
      },
    );
  });
});

describe('Back and Forward within the list while the row in edit holds a change', { timeout: 40_000 }, () => {
  const what = 'the live match being edited';
  const title = () => within(inEdit('Cup Final')!).getByLabelText('Edit title');
  const pager = () => within(screen.getByRole('navigation', { name: 'Pagination' }));

  it('Back to the order before asks: Cancel keeps the order and the change, Leave goes back and closes the row', async () => {
    const { router, user } = openTwoPages();
    await user.click(await screen.findByRole('button', { name: 'Title' }, { timeout: 8000 }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title'));
    await user.click(await screen.findByRole('button', { name: 'Edit Cup Final' }));
    await user.type(title(), ' 2');
    await expectAskedBeforeDropping(user, what, () => router.navigate(-1), {
      kept: () => {
        expect(title()).toHaveValue('Cup Final 2');
        expect(router.state.location.search).toBe('?sort=title');
      },
      went: async () => {
        await waitFor(() => expect(router.state.location.search).toBe(''));
        // Cup Final is on this page too: out of edit, its draft gone with the move.
        expect(await screen.findByRole('button', { name: 'Edit Cup Final' })).toBeInTheDocument();
        expect(inEdit('Cup Final')).toBeNull();
      },
    });
  });

  it('Forward asks the same; without a change Back goes at once', async () => {
    const { router, user } = openTwoPages();
    await user.click(await screen.findByRole('button', { name: 'Edit Cup Final' }, { timeout: 8000 }));
    // The row in edit has no change: Next and Back go at once.
    await user.click(pager().getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Edit Semi Final' })).toBeInTheDocument();
    await expectMovesWithoutAsking(
      () => router.navigate(-1),
      async () => expect(await screen.findByRole('button', { name: 'Edit Cup Final' })).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Cup Final' }));
    await user.type(title(), ' 2');
    await expectAskedBeforeDropping(user, what, () => router.navigate(1), {
      kept: () => {
        expect(title()).toHaveValue('Cup Final 2');
        expect(router.state.location.search).toBe('');
      },
      went: async () => {
        expect(await screen.findByRole('button', { name: 'Edit Semi Final' })).toBeInTheDocument();
        expect(router.state.location.search).toBe('?page=2');
      },
    });
  });
});
