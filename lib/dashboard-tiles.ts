// The dashboard's tiles (spec §2 Dashboard). A tile appears only when the user may open its
// module (the module root's permissions in lib/routes.ts); the Post-School Outcomes Survey
// tile's target is the first of its pages the user may open (lib/pso-target.ts).
import { dashboardText, navText } from './messages.js';
import { psoTileTarget } from './pso-target.js';
import { canAccessRoute, moduleById, type ModuleId } from './routes.js';

export type TileIcon = 'report' | 'backpack' | 'school' | 'forum';

export interface DashboardTile {
  id: string;
  title: string;
  description: string;
  icon: TileIcon;
  href: string;
}

interface TileDef {
  module: ModuleId;
  title: string;
  description: string;
  icon: TileIcon;
  target: (permissions: readonly string[]) => string;
}

const tiles: readonly TileDef[] = [
  {
    module: 'rai',
    title: navText.restraintAversiveIntervention,
    description: dashboardText.raiDescription,
    icon: 'report',
    target: () => moduleById('rai').path,
  },
  {
    module: 'eco',
    title: navText.earlyChildhoodOutcomes,
    description: dashboardText.ecoDescription,
    icon: 'backpack',
    target: () => moduleById('eco').path,
  },
  {
    module: 'pso',
    title: navText.postSchoolOutcomesSurvey,
    description: dashboardText.psoDescription,
    icon: 'school',
    target: psoTileTarget,
  },
  {
    module: 'dr',
    title: navText.disputeResolution,
    description: dashboardText.drDescription,
    icon: 'forum',
    target: () => moduleById('dr').path,
  },
];

export function dashboardTiles(permissions: readonly string[]): DashboardTile[] {
  return tiles
    .filter((t) => canAccessRoute(moduleById(t.module), permissions))
    .map((t) => ({ id: `tile-${t.module}`, title: t.title, description: t.description, icon: t.icon, href: t.target(permissions) }));
}
