import { generate } from 'otplib';
import { securityMessages } from '@streamdesk/contract/security';
import { expect, test } from '../fixtures.js';
import { addPerson, signIn } from '../people.js';
import { shoot } from '../shots.js';

// The setting holds back everyone without two-step: a server of its own, so no other file sees it.
test.use({ serverFor: 'require-two-step' });

test('the owner requires two-step sign-in for everyone; an editor without it can only set it up, then goes on', async ({
  api,
  browser,
  baseURL,
  signedInPage: owner,
}) => {
  test.slow(); // two people's browsers and two set-ups
  await owner.getByRole('link', { name: 'Team' }).click();
  const requireIt = owner.getByRole('switch', { name: 'Require two-step sign-in for everyone' });
  await expect(requireIt).not.toBeChecked();
  // Not before the owner has it on: the refusal says what to do first.
  await requireIt.click();
  await expect(owner.getByText(securityMessages.ownTwoStepFirst)).toBeVisible();
  await expect(requireIt).not.toBeChecked();

  const started = await api.call('POST', '/api/admin/account/two-step/start');
  const secret = String(started.secret);
  await api.call('POST', '/api/admin/account/two-step/confirm', {
    body: { code: await generate({ secret }) },
  });
  await requireIt.click();
  await expect(owner.getByText(securityMessages.saved)).toBeVisible();
  await expect(requireIt).toBeChecked();
  await shoot(owner, `team-security-desktop`);
  await owner.setViewportSize({ width: 375, height: 800 });
  await shoot(owner, `team-security-phone`);

  // An editor without two-step signs in: every screen is the set-up until it is done.
  const editor = await signIn(browser, baseURL!, await addPerson(api, 'Eddie Editor', 'editor'));
  const setUpHeading = editor.getByRole('heading', { name: 'Set up two-step sign-in' });
  await expect(setUpHeading).toBeVisible();
  await expect(editor.getByText(securityMessages.twoStepSetupRequired)).toHaveCount(1);
  await editor.getByRole('link', { name: 'Controller' }).first().click();
  await expect(setUpHeading).toBeVisible();
  await editor.setViewportSize({ width: 375, height: 800 });
  await shoot(editor, `two-step-required-phone`);
  await editor.setViewportSize({ width: 1280, height: 800 });

  await editor.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const editorSecret = await editor.getByRole('textbox', { name: 'Secret key' }).inputValue();
  await editor.getByLabel('Code from the app').fill(await generate({ secret: editorSecret }));
  await editor.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(editor.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
  await shoot(editor, `two-step-required-codes`);
  await editor.getByRole('button', { name: 'I have saved them' }).click();
  // The screen they opened shows, read-only for an editor.
  await expect(setUpHeading).toHaveCount(0);
  await expect(editor.getByRole('button', { name: 'Save' }).first()).toHaveAttribute(
    'title',
    'Editors cannot change the controller',
  );

  // The log names who required it.
  const log = await api.call('GET', '/api/admin/activity?feature=security');
  expect(log.data).toContainEqual(
    expect.objectContaining({ action: 'update', feature: 'security', label: 'security settings' }),
  );
  await editor.context().close();
});
