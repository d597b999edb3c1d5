import { describe, expect, it } from 'vitest';
import {
  controllerDefaults,
  settingLabel,
  settingLabels,
  settingList,
  withSettingLabels,
} from './controller.js';

describe('the controller settings as the Controller screen labels them', () => {
  it('names every setting, the numbers as their forms are titled', () => {
    expect(Object.keys(settingLabels).sort()).toEqual(Object.keys(controllerDefaults).sort());
    expect(settingLabel('storyAdsPosition')).toBe('Story Ads Position');
    expect(settingLabel('ntvTiming')).toBe('NTV Timer');
    expect(settingLabel('hidden_module')).toBe('X Player');
    expect(settingList(['upi_id', 'payee_name', 'phone'])).toBe('UPI ID, Payee Name, Phone');
    // A name that is no setting stays as it is (not an inherited property of an object either).
    expect(settingLabel('toString')).toBe('toString');
    expect(settingLabel('nothing')).toBe('nothing');
  });

  it("names the settings listed by key in an entry's label as entries were written before", () => {
    expect(withSettingLabels('controller: storyAdsPosition')).toBe('controller: Story Ads Position');
    expect(withSettingLabels('controller: ntvTiming')).toBe('controller: NTV Timer');
    expect(withSettingLabels('controller: facebook_app_id, facebook_client_token')).toBe(
      'controller: Facebook App ID, Facebook Client Token',
    );
    expect(withSettingLabels('controller: by schedule, reels, afterSplaceAds')).toBe(
      'controller: by schedule, Reels, After Splash Ads',
    );
    expect(
      withSettingLabels(
        'controller: by schedule, end, back to before: maintenance, storyAdsPosition; controller: by schedule, end, left alone (changed since the start): searchText',
      ),
    ).toBe(
      'controller: by schedule, end, back to before: Maintenance Mode, Story Ads Position; controller: by schedule, end, left alone (changed since the start): Search Text',
    );
  });

  it('leaves labels in words as they are', () => {
    for (const label of [
      'controller: Story Ads Position',
      'controller: Reels',
      'controller: rolled back to version 12',
      'controller: scheduled change no longer upcoming',
      'controller: by schedule, end, back to before: Phone',
      'controller #6b16fccb25e49f91d168278b',
    ])
      expect(withSettingLabels(label)).toBe(label);
  });
});
