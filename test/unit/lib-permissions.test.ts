import { describe, expect, it } from 'vitest';
import { allPermissionValues, hasAnyPermission, P, permissionCatalogue } from '../../lib/permissions.js';

describe('permission catalogue (spec §6)', () => {
  it('has unique Module.permission values with a group and a description', () => {
    expect(new Set(allPermissionValues).size).toBe(allPermissionValues.length);
    for (const p of permissionCatalogue) {
      expect(p.value).toMatch(/^(App|Monitoring|RestraintAversiveIntervention|Eco|DisputeResolution|PostSchoolOutcomesSurvey)\.[A-Za-z.-]+$/);
      expect(p.groupName).not.toBe('');
      expect(p.description).not.toBe('');
    }
  });

  it('contains every constant the code refers to', () => {
    for (const value of Object.values(P)) expect(allPermissionValues).toContain(value);
  });

  it('opens a route with any one of its permissions', () => {
    expect(hasAnyPermission(['App.users.view'], ['App.users.manage', 'App.users.view'])).toBe(true);
    expect(hasAnyPermission(['App.users.view'], ['App.users.manage'])).toBe(false);
    expect(hasAnyPermission([], [])).toBe(true);
  });
});
