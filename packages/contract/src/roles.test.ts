import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, mayCall, refusal, ROLE_GRANTS, rolesFor } from './roles.js';

describe('roles', () => {
  it('gives the owner everything and keeps the team and security settings to the owner', () => {
    for (const feature of FEATURE_NAMES) expect(mayCall('owner', feature, 'write')).toBe(true);
    expect(rolesFor('team', 'read')).toEqual(['owner']);
    expect(rolesFor('security', 'write')).toEqual(['owner']);
  });

  it('lets admins do every call of the spec', () => {
    const spec = FEATURE_NAMES.filter((f) => f !== 'team' && f !== 'security');
    for (const feature of spec)
      expect([feature, mayCall('admin', feature, 'write')]).toEqual([feature, true]);
  });

  it('lets editors change content but only read ads, in-house ads, the controller and the policy', () => {
    expect(ROLE_GRANTS.editor).toMatchObject({
      stories: 'write',
      'shortcut-stories': 'write',
      reels: 'write',
      'video-categories': 'write',
      videos: 'write',
      'live-matches': 'write',
      notifications: 'write',
      'ad-units': 'read',
      'inhouse-ads': 'read',
      controller: 'read',
      policy: 'read',
      analytics: 'read',
      team: 'none',
      activity: 'none',
    });
  });

  it('lets the owner, admins and analysts read the activity log and only the owner and admins revert', () => {
    expect(rolesFor('activity', 'read')).toEqual(['owner', 'admin', 'analyst']);
    expect(rolesFor('activity', 'write')).toEqual(['owner', 'admin']);
  });

  it('lets analysts read everything of the spec and change nothing but their own session', () => {
    for (const feature of FEATURE_NAMES) {
      const expected =
        feature === 'account' ? 'write' : feature === 'team' || feature === 'security' ? 'none' : 'read';
      expect([feature, ROLE_GRANTS.analyst[feature]]).toEqual([feature, expected]);
    }
  });

  it('lets editors restore from the trash (Undo) and only the owner and admins delete forever', () => {
    expect(rolesFor('trash', 'write')).toEqual(['owner', 'admin', 'editor']);
    expect(rolesFor('trash-purge', 'write')).toEqual(['owner', 'admin']);
  });

  it('names the role and the action in a refusal', () => {
    expect(refusal('analyst', 'stories', 'write')).toBe('Analysts cannot change stories');
    expect(refusal('editor', 'controller', 'write')).toBe('Editors cannot change the controller');
    expect(refusal('admin', 'team', 'read')).toBe('Admins cannot see the team');
  });
});
