// The shell's server-rendered parts, as a browser without JavaScript receives them: roles,
// labels, aria attributes, the forms that must work with no script, and the spec's texts.
// Islands inside are rendered the way <Island> renders them (renderWithIslands).
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { allPermissionValues, P } from '../../lib/permissions.js';
import { breadcrumbsFor } from '../../lib/navigation.js';
import { parseTableQuery, type TableConfig } from '../../lib/table-query.js';
import type { NotificationMessage } from '../../lib/contract.js';
import { renderWithIslands } from '../../views/Island.js';
import { RequestContext, type RequestContextValue } from '../../views/request-context.js';
import { Sidebar } from '../../views/shell/Sidebar.js';
import { TopBar } from '../../views/shell/TopBar.js';
import { Breadcrumbs } from '../../views/shell/Breadcrumbs.js';
import { PageHeader } from '../../views/shell/PageHeader.js';
import { UserMenu, loginHref } from '../../views/shell/UserMenu.js';
import { DataTable } from '../../views/components/DataTable.js';
import { Pagination } from '../../views/components/Pagination.js';
import { ConfirmDialog, ConfirmPage } from '../../views/components/ConfirmDialog.js';
import { AlertDialog } from '../../views/components/AlertDialog.js';
import { Flash } from '../../views/components/Flash.js';
import { PleaseWait } from '../../views/components/PleaseWait.js';
import { Tile, TileGroup } from '../../views/components/Tile.js';
import { MessagesWidget } from '../../views/components/MessagesWidget.js';

const context: RequestContextValue = {
  csrfToken: 'csrf-token-123',
  nonce: 'nonce-1',
  path: '/',
  user: null,
  flash: [],
  currentLeaId: null,
  schoolYear: null,
  config: { version: '2.7.0', buildId: 'build-1' },
};

function render(node: ReactNode): string {
  return renderWithIslands(<RequestContext.Provider value={context}>{node}</RequestContext.Provider>).html;
}

/** The opening tag of the first element of `name` whose tag contains every fragment. */
function tag(html: string, name: string, ...fragments: string[]): string | undefined {
  const tags = html.match(new RegExp(`<${name}(\\s[^>]*)?>`, 'g')) ?? [];
  return tags.find((t) => fragments.every((f) => t.includes(f)));
}

function count(html: string, fragment: string): number {
  return html.split(fragment).length - 1;
}

describe('Sidebar', () => {
  it('is the Main menu navigation with logo, Help group and version, and no items when signed out', () => {
    const html = render(<Sidebar permissions={null} path="/contact" version="2.7.0" />);
    expect(tag(html, 'nav', 'id="main-menu"', 'aria-label="Main menu"')).toBeDefined();
    expect(html).toContain('aria-label="Compliance Portal home"');
    expect(html).toMatch(/<h2 class="app-sidebar__heading" id="main-menu-help">Help<\/h2>/);
    expect(tag(html, 'ul', 'class="usa-sidenav"', 'aria-labelledby="main-menu-help"')).toBeDefined();
    expect(html).toContain('<a href="/contact" class="usa-current" aria-current="page">Contact</a>');
    expect(html).toContain('<a href="/faq">FAQ</a>');
    expect(html).toContain('Version 2.7.0');
    expect(html).not.toContain('href="/"><');
    expect(html).not.toContain('Dashboard');
    // every icon is decorative
    expect(count(html, '<svg')).toBe(count(html, 'aria-hidden="true"'));
  });

  it('lists the modules a site admin may open and marks the current page', () => {
    const html = render(<Sidebar permissions={[...allPermissionValues]} path="/admin/manage-users" version="2.7.0" />);
    for (const label of ['Dashboard', 'Restraint &amp; Aversive Intervention', 'Early Childhood Outcomes', 'Post-School Outcomes', 'Dispute Resolution', 'Monitoring', 'Admin']) {
      expect(html).toContain(label);
    }
    expect(html).toContain('<a href="/admin/manage-users" class="usa-current" aria-current="page">Manage Users</a>');
    expect(count(html, 'aria-current="page"')).toBe(1);
    // the current module's group is open, the others closed
    expect(html).toMatch(/<details class="app-sidenav__group" open=""><summary class="usa-current">Admin<\/summary>/);
    expect(html).toMatch(/<details class="app-sidenav__group"><summary>Monitoring<\/summary>/);
  });

  it('hides what the user may not open', () => {
    const html = render(<Sidebar permissions={[P.rolesManage, 'Eco.access']} path="/" version="2.7.0" />);
    expect(html).not.toContain('/admin/');
    expect(html).toContain('href="/child-search/child-list"');
    expect(html).not.toContain('href="/child-search/search"');
  });
});

describe('TopBar', () => {
  const leas = [
    { id: 1, name: 'Lincoln Public Schools', isNdeLevelDistrict: false, isIncludedInCharterGroup: false },
    { id: 7, name: 'Bright Charter', isNdeLevelDistrict: false, isIncludedInCharterGroup: true },
  ];
  const years = [
    { key: '2025-2026', label: '2025-2026' },
    { key: '2024-2025', label: '2024-2025' },
  ];

  it('works without JavaScript: menu link, POST selectors with visible buttons, name and Logout', () => {
    const html = render(
      <TopBar
        user={{ fullName: 'Dana District' }}
        returnTo="/child-search/child-list?page=2"
        lea={{ leas, currentLeaId: 7 }}
        schoolYear={{ years, current: '2024-2025' }}
      />,
    );
    expect(tag(html, 'header', 'id="app-toolbar"', 'tabindex="-1"')).toBeDefined();
    expect(tag(html, 'a', 'href="#main-menu"', 'app-menu-toggle')).toBeDefined();
    expect(html).toContain('>Menu</span>');

    expect(tag(html, 'form', 'method="post"', 'action="/session/lea"')).toBeDefined();
    expect(tag(html, 'select', 'name="leaId"', 'aria-describedby="current-lea-hint"')).toBeDefined();
    expect(html).toContain('<label class="usa-label" for="current-lea">LEA</label>');
    expect(html).toContain('<optgroup label="Districts"><option value="1">Lincoln Public Schools</option></optgroup>');
    expect(html).toContain('<optgroup label="Charters"><option value="7" selected="">Bright Charter</option></optgroup>');
    expect(html).toContain('<button type="submit" class="usa-button usa-button--outline">Change LEA</button>');
    expect(html).toContain('name="returnTo" value="/child-search/child-list?page=2"');

    expect(tag(html, 'form', 'action="/session/school-year"')).toBeDefined();
    expect(html).toContain('<option value="2024-2025" selected="">2024-2025</option>');
    expect(html).toContain('>Change School Year</button>');

    expect(html).toContain('<span class="app-topbar__user-name">Dana District</span>');
    expect(tag(html, 'form', 'action="/auth/logout"', 'method="post"')).toBeDefined();
    expect(count(html, 'name="_csrf" value="csrf-token-123"')).toBe(3);
    expect(html).toContain('>Logout</button>');
    expect(html).toContain('<span class="usa-sr-only">User menu</span>');
  });

  it('shows Login and no School Year selector when signed out', () => {
    const html = render(<TopBar user={null} returnTo="/faq" schoolYear={{ years, current: null }} />);
    expect(html).toContain('href="/auth/login?returnUrl=%2Ffaq">Login</a>');
    expect(html).not.toContain('school-year');
    expect(html).not.toContain('/auth/logout');
  });

  it('leaves selectors out when they are not enabled or empty', () => {
    const html = render(<TopBar user={{ fullName: 'A B' }} returnTo="/" lea={{ leas: [], currentLeaId: null }} />);
    expect(html).not.toContain('name="leaId"');
  });

  it('never sends Login back to an auth page or another site', () => {
    expect(loginHref('//evil.example/x')).toBe('/auth/login');
    expect(loginHref('/auth/login?returnUrl=%2F')).toBe('/auth/login');
    expect(loginHref('/')).toBe('/auth/login');
    expect(renderToStaticMarkup(<UserMenu user={null} returnPath="https://evil.example" />)).toContain('href="/auth/login"');
  });
});

describe('Breadcrumbs', () => {
  it('is a Breadcrumb navigation with the current page last', () => {
    const html = render(<Breadcrumbs items={breadcrumbsFor('/admin/manage-roles/permissions')} />);
    expect(tag(html, 'nav', 'class="usa-breadcrumb"', 'aria-label="Breadcrumb"')).toBeDefined();
    expect(html).toContain('<a class="usa-breadcrumb__link" href="/"><span>Dashboard</span></a>');
    expect(html).toContain('<a class="usa-breadcrumb__link" href="/admin/manage-roles"><span>Manage Roles</span></a>');
    expect(html).toMatch(/<li class="usa-breadcrumb__list-item usa-current" aria-current="page"><span>Permissions<\/span><\/li><\/ol>/);
    expect(count(html, 'aria-current')).toBe(1);
  });

  it('renders nothing without items', () => {
    expect(render(<Breadcrumbs items={[]} />)).toBe('');
  });
});

describe('PageHeader', () => {
  it('has the h1 and, when given, Help Links and Go Back', () => {
    const html = render(<PageHeader title="Manage Users" helpLinks={[{ label: 'User guide', href: '/faq#users' }]} backHref="/admin" />);
    expect(html).toContain('<h1 tabindex="-1">Manage Users</h1>');
    expect(html).toContain('<summary class="usa-button usa-button--outline">Help Links</summary>');
    expect(html).toContain('<a class="usa-link" href="/faq#users">User guide</a>');
    expect(html).toContain('<a class="usa-button usa-button--outline" href="/admin">Go Back</a>');
    const bare = render(<PageHeader title="Dashboard" />);
    expect(bare).not.toContain('page-header__actions');
  });
});

describe('DataTable', () => {
  interface Row {
    id: number;
    name: string;
  }
  const config: TableConfig = { sortable: ['name'], defaultSort: 'name' };
  const columns = [
    { key: 'actions', label: 'Actions', hideLabel: true, render: (r: Row) => <a href={`/x/${r.id}`}>Edit</a> },
    { key: 'name', label: 'Name', rowHeader: true, render: (r: Row) => r.name },
    { key: 'id', label: 'Id', render: (r: Row) => r.id },
  ];
  const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 26, name: `Row ${i + 26}` }));

  it('has a caption, announces the sort, and links each sortable header to the toggled sort', () => {
    const state = parseTableQuery({ page: '2', sort: 'name', dir: 'desc' }, config);
    const html = render(
      <DataTable id="t" caption="Events" columns={columns} rows={rows} rowKey={(r) => r.id} state={state} config={config} total={130} basePath="/list" keep={{ q: 'abc' }} />,
    );
    expect(html).toContain('<caption>Events</caption>');
    expect(html).toContain('<th scope="col" aria-sort="descending"><a class="data-table__sort" href="/list?q=abc" data-table-link="" data-sort-key="name">Name');
    expect(html).toContain('<th scope="col"><span class="usa-sr-only">Actions</span></th>');
    expect(html).toContain('<th scope="col">Id</th>');
    expect(count(html, 'aria-sort')).toBe(1);
    // Each cell is named by its column when the table stacks on a phone; the actions cell is not.
    expect(html).toContain('<th scope="row" data-label="Name">Row 26</th>');
    expect(html).toContain('<td data-label="Id">26</td>');
    expect(html).toContain('<td><a href="/x/26">Edit</a></td>');
    expect(html).toContain('usa-table--stacked');
    expect(count(html, '<tr>')).toBe(26);
    // the paginator keeps filters and sort
    expect(html).toContain('Showing 26 to 50 of 130');
    expect(tag(html, 'a', 'aria-current="page"', 'href="/list?q=abc&amp;sort=name&amp;dir=desc&amp;page=2"')).toBeDefined();
    expect(tag(html, 'a', 'aria-label="Last page, page 6"')).toBeDefined();
    // the enhancer island sits next to the table, outside the part it swaps
    expect(html).toMatch(/<\/div><div data-island="DataTableEnhancer"/);
  });

  it("shows 'No results' across all columns when there are no rows", () => {
    const html = render(
      <DataTable id="t" caption="Events" columns={columns} rows={[]} rowKey={(r) => r.id} state={parseTableQuery({}, config)} config={config} total={0} basePath="/list" enhance={false} />,
    );
    // (HTML attribute names are case-insensitive; React writes colSpan as it is spelled in JSX.)
    expect(html).toMatch(/<td colspan="3" class="data-table__empty">No results<\/td>/i);
    expect(html).not.toContain('usa-pagination');
    expect(html).not.toContain('data-island');
  });
});

describe('Pagination', () => {
  const config: TableConfig = { sortable: ['name'] };

  it('offers page sizes plus All as a GET form keeping the filters and sort', () => {
    const state = { page: 5, pageSize: 25 as const, sort: 'name', dir: 'asc' as const };
    const html = render(<Pagination tableId="t" basePath="/list" state={state} config={config} total={500} keep={{ q: 'x', page: '9' }} />);
    expect(tag(html, 'nav', 'aria-label="Pagination"', 'class="usa-pagination"')).toBeDefined();
    expect(tag(html, 'form', 'method="get"', 'action="/list"')).toBeDefined();
    expect(html).toContain('<input type="hidden" name="q" value="x"/>');
    expect(html).not.toContain('name="page"');
    expect(html).toContain('<input type="hidden" name="sort" value="name"/>');
    expect(html).toContain('<label class="usa-label" for="t-page-size">Rows per page</label>');
    expect(html).toMatch(/<option value="25" selected="">25<\/option><option value="50">50<\/option><option value="100">100<\/option><option value="all">All<\/option>/);
    expect(html).toContain('>Apply</button>');
    // first, gap, 4 5 6, gap, last; previous and next
    expect(count(html, 'usa-pagination__overflow')).toBe(2);
    expect(html).toContain('>Previous</span>');
    expect(html).toContain('>Next</span>');
    expect(tag(html, 'a', 'aria-label="Page 4"', 'href="/list?q=x&amp;sort=name&amp;dir=asc&amp;page=4"')).toBeDefined();
  });

  it('has no page links for a single page and honours configured sizes', () => {
    const html = render(
      <Pagination tableId="t" basePath="/list" state={{ page: 1, pageSize: 10, sort: null, dir: 'asc' }} config={{ sortable: [], pageSizes: [10, 20] }} total={8} />,
    );
    expect(html).not.toContain('usa-pagination');
    expect(html).toContain('Showing 1 to 8 of 8');
    expect(html).not.toContain('>All<');
  });
});

describe('ConfirmDialog and ConfirmPage', () => {
  it("is a native dialog with the defaults 'Are you sure?', Ok and Cancel", () => {
    const html = render(<ConfirmDialog id="c" message="Delete the role?" action="/admin/roles/3/delete" fields={{ id: '3' }} csrfToken="tok" />);
    expect(tag(html, 'dialog', 'class="portal-dialog dialog-confirm"', 'aria-labelledby="c-title"', 'aria-describedby="c-body"')).toBeDefined();
    expect(html).toContain('<h2 class="portal-dialog__title" id="c-title">Are you sure?</h2>');
    expect(html).toContain('<p>Delete the role?</p>');
    expect(html).toContain('<input type="hidden" name="_csrf" value="tok"/><input type="hidden" name="id" value="3"/>');
    // Cancel closes the dialog without submitting (formmethod=dialog); Ok posts.
    const cancel = tag(html, 'button', 'value="cancel"');
    expect(cancel?.toLowerCase()).toContain('formmethod="dialog"');
    // The action first, then Cancel: the order of the confirmation page without JavaScript.
    expect(html).toMatch(/<button type="submit" class="usa-button">Ok<\/button><button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
    expect(html).not.toContain(' open=""');
  });

  it('takes custom labels and the promise width', () => {
    const html = render(
      <ConfirmDialog id="u" title="Unsubscribe from Weekly digest?" message="x" okLabel="Unsubscribe" action="/a" csrfToken="t" width="confirm-promise" />,
    );
    expect(html).toContain('dialog-confirm-promise');
    expect(html).toContain('>Unsubscribe from Weekly digest?</h2>');
    expect(html).toContain('>Unsubscribe</button>');
  });

  it('has a no-JavaScript page with the same POST form', () => {
    const html = render(<ConfirmPage message={'First.\n\nSecond.'} action="/a" fields={{ id: '9' }} cancelHref="/back" />);
    expect(html).toContain('<h1 tabindex="-1">Are you sure?</h1>');
    expect(html).toContain('<p>First.</p><p>Second.</p>');
    expect(tag(html, 'form', 'method="post"', 'action="/a"')).toBeDefined();
    expect(html).toContain('name="_csrf" value="csrf-token-123"');
    expect(html).toContain('<button type="submit" class="usa-button">Ok</button><a class="usa-button usa-button--outline" href="/back">Cancel</a>');
  });
});

describe('AlertDialog', () => {
  it("is an alertdialog titled 'Notice' that closes natively", () => {
    const html = render(<AlertDialog id="a" message="Saved." open />);
    expect(tag(html, 'dialog', 'class="portal-dialog dialog-alert"', 'role="alertdialog"', 'open=""')).toBeDefined();
    expect(html).toContain('>Notice</h2>');
    expect(html).toContain('<form method="dialog">');
    expect(html).toContain('<button type="submit" class="usa-button">Ok</button>');
  });
});

describe('Flash, PleaseWait', () => {
  it('announces errors as alerts and other messages as status', () => {
    const html = render(
      <Flash
        messages={[
          { type: 'success', text: 'Subscription updated successfully' },
          { type: 'error', text: 'Error updating subscription' },
          { type: 'info', text: 'Redirecting to Dashboard.' },
        ]}
      />,
    );
    expect(html).toContain('<div class="usa-alert usa-alert--slim usa-alert--success" role="status">');
    expect(html).toContain('<div class="usa-alert usa-alert--slim usa-alert--error" role="alert">');
    expect(html).toContain('<div class="usa-alert usa-alert--slim usa-alert--info" role="status">');
    expect(render(<Flash messages={[]} />)).toBe('');
  });

  it("keeps its status region and shows 'Please Wait...' when visible", () => {
    expect(render(<PleaseWait visible={false} />)).toBe('<div role="status" class="please-wait-region"></div>');
    const shown = render(<PleaseWait visible />);
    expect(shown).toContain('Please Wait...');
    expect(shown).toContain('<span class="please-wait__spinner" aria-hidden="true"></span>');
    expect(render(<PleaseWait visible text="Refreshing Application..." />)).toContain('Refreshing Application...');
  });
});

describe('Tile', () => {
  it('shows school year, title, decorative icon, description and a named Open link', () => {
    const html = render(
      <TileGroup>
        <Tile id="tile-dr" schoolYear="2025-2026" title="Dispute Resolution" icon="forum" description="File requests." href="/dispute-resolution" />
      </TileGroup>,
    );
    expect(html).toContain('<ul class="usa-card-group dashboard-tiles">');
    expect(html).toContain('School Year 2025-2026');
    expect(html).toMatch(/<h2 class="usa-card__heading" id="tile-dr-title"><svg[^>]*aria-hidden="true"[^>]*>.*<\/svg>Dispute Resolution<\/h2>/);
    expect(html).toContain('<p>File requests.</p>');
    expect(html).toContain('<a class="usa-button" href="/dispute-resolution">Open<span class="usa-sr-only"> Dispute Resolution</span></a>');
  });
});

describe('MessagesWidget', () => {
  const messages: NotificationMessage[] = [
    { id: 4, message: 'Your incident report was finalized.', createdOn: '2026-03-04T02:30:00Z', status: 0, openUrl: '/restraint-aversive-intervention/incidents' },
    { id: 3, message: 'Welcome to the portal.', createdOn: '2026-02-01T15:00:00Z', status: 2, openUrl: null },
  ];

  it('lists messages with short date, New badge, text, Dismiss, and the settings link', () => {
    const html = render(<MessagesWidget messages={messages} timeZone="America/Chicago" />);
    expect(tag(html, 'section', 'aria-labelledby="messages-widget-title"')).toBeDefined();
    expect(html).toContain('>Messages</h2>');
    // The instant is the evening of 3 March in the agency's zone.
    expect(html).toMatch(/<time datetime="2026-03-04T02:30:00Z" class="text-base-dark font-ui-2xs">3\/3\/2026<\/time>/i);
    expect(count(html, '<span class="usa-tag margin-left-1">New</span>')).toBe(1);
    expect(tag(html, 'form', 'action="/messages/4/view"', 'method="post"')).toBeDefined();
    expect(tag(html, 'form', 'action="/messages/4/dismiss"', 'method="post"')).toBeDefined();
    expect(html).toContain('aria-label="Dismiss message of 3/3/2026">Dismiss</button>');
    expect(count(html, 'name="_csrf" value="csrf-token-123"')).toBe(4);
    expect(html).toContain('<a class="usa-link" href="/notification-settings">Notification Settings</a>');
  });

  it("says 'You do not have any system messages.' when empty", () => {
    const html = render(<MessagesWidget messages={[]} timeZone="UTC" />);
    expect(html).toContain('You do not have any system messages.');
    expect(html).not.toContain('<ul');
  });
});
