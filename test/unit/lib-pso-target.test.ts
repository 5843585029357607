import { describe, expect, it } from 'vitest';
import { allPermissionValues } from '../../lib/permissions.js';
import { psoTileTarget } from '../../lib/pso-target.js';

const pso = (p: string) => `PostSchoolOutcomesSurvey.${p}`;

describe('Post-School Outcomes tile target (spec §2 Dashboard)', () => {
  it('goes to the district dashboard first', () => {
    expect(psoTileTarget([...allPermissionValues])).toBe('/post-school-outcomes/lea-tracking');
    expect(psoTileTarget([pso('district-dashboard.view'), pso('vendor-dashboard.view')])).toBe('/post-school-outcomes/lea-tracking');
    expect(psoTileTarget([pso('tracking.view')])).toBe('/post-school-outcomes/lea-tracking');
  });

  it('then the vendor dashboard, student list manager, collection manager and survey manager, in that order', () => {
    expect(psoTileTarget([pso('vendor-dashboard.view'), pso('studentlist.view')])).toBe('/post-school-outcomes/vendor-dashboard');
    expect(psoTileTarget([pso('studentlist.view'), pso('collection.view')])).toBe('/post-school-outcomes/student-list-manager');
    expect(psoTileTarget([pso('collection.edit'), pso('surveylist.view')])).toBe('/post-school-outcomes/collection-manager');
    expect(psoTileTarget([pso('surveylist.view')])).toBe('/post-school-outcomes/survey-manager');
  });

  it('falls back to the module root', () => {
    expect(psoTileTarget([pso('access')])).toBe('/post-school-outcomes');
    expect(psoTileTarget([pso('reports.view')])).toBe('/post-school-outcomes');
    expect(psoTileTarget([])).toBe('/post-school-outcomes');
  });
});
