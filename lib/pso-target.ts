// Where the dashboard's Post-School Outcomes Survey tile goes (spec §2 Dashboard): the first of
// these pages the user may open, else the module root. Each page's permissions come from the
// route table (lib/routes.ts), which documents how they were chosen from the catalogue:
//   /post-school-outcomes/lea-tracking          district-dashboard.view or tracking.view
//   /post-school-outcomes/vendor-dashboard      vendor-dashboard.view
//   /post-school-outcomes/student-list-manager  studentlist.view
//   /post-school-outcomes/collection-manager    collection.view or collection.edit
//   /post-school-outcomes/survey-manager        surveylist.view
// (all PostSchoolOutcomesSurvey.*).
import { canAccessRoute, moduleById, routeById } from './routes.js';

export const psoTileCandidates = [
  'pso.lea-tracking',
  'pso.vendor-dashboard',
  'pso.student-list-manager',
  'pso.collection-manager',
  'pso.survey-manager',
] as const;

export function psoTileTarget(permissions: readonly string[]): string {
  for (const id of psoTileCandidates) {
    const route = routeById(id);
    if (canAccessRoute(route, permissions)) return route.path;
  }
  return moduleById('pso').path;
}
