// The dashboard (spec §2 Dashboard): the page header, the time-of-day greeting, the
// administrators' instruction text block, the tiles of the modules the user may open, and the
// Messages widget.
import type { ReactElement } from 'react';
import type { NotificationMessage, TextBlock as TextBlockData } from '../../lib/contract.js';
import type { DashboardTile } from '../../lib/dashboard-tiles.js';
import { dashboardText, navText } from '../../lib/messages.js';
import { MessagesWidget } from '../components/MessagesWidget.js';
import { Flash } from '../components/Flash.js';
import { TextBlock } from '../components/TextBlock.js';
import { Tile, TileGroup } from '../components/Tile.js';
import { PageHeader } from '../shell/PageHeader.js';

export interface DashboardPageProps {
  /** 'Good Morning' / 'Good Afternoon' / 'Good Evening' (lib/greeting.ts). */
  greeting: string;
  fullName: string;
  textBlock: TextBlockData | null;
  tiles: readonly DashboardTile[];
  schoolYear: string | null;
  /** null when the messages could not be loaded. */
  messages: readonly NotificationMessage[] | null;
  timeZone: string;
}

export function DashboardPage({ greeting, fullName, textBlock, tiles, schoolYear, messages, timeZone }: DashboardPageProps): ReactElement {
  return (
    <div className="dashboard">
      <PageHeader title={navText.dashboard} />
      <p className="usa-intro dashboard__greeting">{dashboardText.greeting(greeting, fullName)}</p>
      <TextBlock block={textBlock} className="dashboard__text" />

      <section className="dashboard__modules" aria-label={dashboardText.modules}>
        {tiles.length > 0 ? (
          <TileGroup>
            {tiles.map((t) => (
              <Tile key={t.id} id={t.id} schoolYear={schoolYear} title={t.title} icon={t.icon} description={t.description} href={t.href} />
            ))}
          </TileGroup>
        ) : (
          <p className="dashboard__no-modules">{dashboardText.noModules}</p>
        )}
      </section>

      <div className="dashboard__messages">
        {messages ? (
          <MessagesWidget messages={messages} timeZone={timeZone} />
        ) : (
          <Flash messages={[{ type: 'info', text: dashboardText.messagesUnavailable }]} />
        )}
      </div>
    </div>
  );
}
