// Every shell island rendered on the server exactly as <Island> renders it (renderToString, no
// DOM, no request context), so an island that touches `window` while rendering, or whose
// props do not survive JSON, fails here. The assertions check the no-JavaScript fallback
// each island promises in its header comment.
import { describe, expect, it } from 'vitest';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { renderWithIslands, Island } from '../../views/Island.js';
import AutoSubmitSelect, { type AutoSubmitSelectProps } from '../../islands/AutoSubmitSelect.island.js';
import ConfirmDialog, { type ConfirmDialogProps } from '../../islands/ConfirmDialog.island.js';
import DataTableEnhancer from '../../islands/DataTableEnhancer.island.js';
import PersonPicker, { type PersonPickerProps } from '../../islands/PersonPicker.island.js';
import SessionTimeoutWarning from '../../islands/SessionTimeoutWarning.island.js';
import ShellKeyboard from '../../islands/ShellKeyboard.island.js';
import SidebarDrawer from '../../islands/SidebarDrawer.island.js';
import TimeInput from '../../islands/TimeInput.island.js';
import Toasts from '../../islands/Toasts.island.js';
import VersionCheck, { isOtherBuild } from '../../islands/VersionCheck.island.js';

function serverRender<P extends object>(component: ComponentType<P>, props: P): string {
  return renderToString(createElement(component, props));
}

function tag(html: string, name: string, ...fragments: string[]): string | undefined {
  const tags = html.match(new RegExp(`<${name}(\\s[^>]*)?>`, 'g')) ?? [];
  return tags.find((t) => fragments.every((f) => t.toLowerCase().includes(f.toLowerCase())));
}

const selectProps: AutoSubmitSelectProps = {
  id: 'current-lea',
  name: 'leaId',
  label: 'LEA',
  hint: 'Changing the LEA reloads the page.',
  action: '/session/lea',
  csrfToken: 'tok',
  returnTo: '/',
  value: '2',
  groups: [{ label: null, options: [{ value: '1', label: 'One' }, { value: '2', label: 'Two' }] }],
  buttonLabel: 'Change LEA',
  pendingText: 'Please Wait...',
};

const confirmProps: ConfirmDialogProps = {
  triggerLabel: 'Unsubscribe',
  message: 'Unsubscribe from Weekly digest?',
  action: '/notification-settings/5/unsubscribe',
  csrfToken: 'tok',
  fallbackHref: '/notification-settings/5/unsubscribe',
};

const pickerProps: PersonPickerProps = {
  id: 'pp',
  leas: [{ id: 1, name: 'Lincoln' }],
  schools: [
    { id: 10, leaId: 1, name: 'North High' },
    { id: 11, leaId: 2, name: 'Other School' },
  ],
  query: { leaId: 1, firstName: 'Ann', lastName: '' },
  searched: true,
  people: [
    { id: 42, firstName: 'Ann', lastName: 'Lee' },
    { id: -1, firstName: 'Cy', lastName: 'Doe', selected: true },
  ],
  searchAction: '/monitoring/visit/7/people',
  selectAction: '/monitoring/visit/7/people',
  csrfToken: 'tok',
};

describe('shell islands render on the server without a DOM', () => {
  const island = <P extends object>(name: string, component: ComponentType<P>, props: P): [string, ReactElement] => [
    name,
    createElement(Island<P>, { name, component, props }),
  ];
  const cases: [string, ReactElement][] = [
    island('AutoSubmitSelect', AutoSubmitSelect, selectProps),
    island('ConfirmDialog', ConfirmDialog, confirmProps),
    island('DataTableEnhancer', DataTableEnhancer, { tableId: 't' }),
    island('PersonPicker', PersonPicker, pickerProps),
    island('SessionTimeoutWarning', SessionTimeoutWarning, { idleSeconds: 1800, csrfToken: 'tok' }),
    island('ShellKeyboard', ShellKeyboard, { contentId: 'main-content', menuId: 'main-menu', toolbarId: 'app-toolbar' }),
    island('SidebarDrawer', SidebarDrawer, { menuId: 'main-menu', shellId: 'app-shell' }),
    island('TimeInput', TimeInput, { id: 'start', label: 'Start time' }),
    island('Toasts', Toasts, {}),
    island('VersionCheck', VersionCheck, { buildId: 'b1' }),
  ];

  it('in a Node process with no window or document', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
  });

  it.each(cases)('%s renders through <Island> with JSON-safe props', (name, element) => {
    const { html, islands } = renderWithIslands(element);
    expect(islands).toEqual([name]);
    expect(html).toContain(`data-island="${name}"`);
    expect(html).not.toContain('data-island-slot');
    expect(html.length).toBeGreaterThan(200);
  });
});

describe('no-JavaScript fallbacks', () => {
  it('SidebarDrawer: the toggle is a link to the menu section', () => {
    const html = serverRender(SidebarDrawer, { menuId: 'main-menu', shellId: 'app-shell' });
    expect(tag(html, 'a', 'href="#main-menu"', 'app-menu-toggle')).toBeDefined();
    expect(html).not.toContain('<dialog');
    expect(html).not.toContain('<button');
  });

  it('AutoSubmitSelect: a POST form with CSRF and a visible submit button', () => {
    const html = serverRender(AutoSubmitSelect, selectProps);
    expect(tag(html, 'form', 'method="post"', 'action="/session/lea"')).toBeDefined();
    expect(html).toContain('<input type="hidden" name="_csrf" value="tok"/>');
    expect(html).toContain('<option value="2" selected="">Two</option>');
    const button = tag(html, 'button', 'type="submit"');
    expect(button).toBeDefined();
    expect(button).not.toContain('hidden');
    expect(html).toContain('<span class="usa-sr-only" id="current-lea-hint">Changing the LEA reloads the page.</span>');
    expect(html).toContain('role="status"');
  });

  it('ConfirmDialog: the trigger is a link to the confirmation page', () => {
    const html = serverRender(ConfirmDialog, { ...confirmProps, triggerClass: 'usa-button--secondary' });
    expect(html).toBe('<a class="usa-button usa-button--secondary" href="/notification-settings/5/unsubscribe">Unsubscribe</a>');
  });

  it('DataTableEnhancer: only an empty polite status region', () => {
    const html = serverRender(DataTableEnhancer, { tableId: 't' });
    expect(html).toBe('<div class="usa-sr-only" role="status" aria-live="polite" data-testid="t-status"></div>');
  });

  it('Toasts: both live regions exist before any message', () => {
    const html = serverRender(Toasts, {});
    expect(html).toContain('<div role="status" aria-live="polite" class="toast-region__polite"></div>');
    expect(html).toContain('<div role="alert" class="toast-region__assertive"></div>');
  });

  it('TimeInput: a labelled text input with the example hint and the server error', () => {
    const html = serverRender(TimeInput, { id: 'start', label: 'Start time', value: '3:00PM', error: 'Invalid time format, use hh:mm PM such as 3:00 PM', required: true });
    expect(html).toContain('for="start"');
    expect(tag(html, 'input', 'id="start"', 'name="start"', 'value="3:00PM"', 'aria-invalid="true"', 'aria-describedby="start-hint start-error"')).toBeDefined();
    expect(html).toContain('For example, 3:00 PM');
    expect(html).toContain('Invalid time format, use hh:mm PM such as 3:00 PM');
  });

  it('SessionTimeoutWarning: a noscript note and a closed warning dialog', () => {
    const html = serverRender(SessionTimeoutWarning, { idleSeconds: 1800, csrfToken: 'tok' });
    expect(html).toContain('<noscript>');
    expect(html).toContain('you are signed out after 30 minutes without activity');
    expect(tag(html, 'dialog', 'role="alertdialog"', 'aria-labelledby="session-timeout-title"')).toBeDefined();
    expect(tag(html, 'dialog', 'open')).toBeUndefined();
    expect(html).toContain('>Stay signed in</button>');
    expect(tag(html, 'form', 'action="/auth/logout"')).toBeDefined();
  });

  it('VersionCheck: a closed dialog with the spec message and Refresh Now', () => {
    const html = serverRender(VersionCheck, { buildId: 'b1' });
    expect(tag(html, 'dialog', 'role="alertdialog"')).not.toContain('open');
    expect(html).toContain('Please refresh your browser to get the latest changes. Or click the refresh button below.');
    expect(html).toContain('>Refresh Now</button>');
    expect(isOtherBuild('b1', 'b2')).toBe(true);
    expect(isOtherBuild('b1', 'b1')).toBe(false);
    expect(isOtherBuild('b1', null)).toBe(false);
    expect(isOtherBuild('b1', '')).toBe(false);
  });

  it('ShellKeyboard: skip links to the menu and the toolbar', () => {
    const html = serverRender(ShellKeyboard, { contentId: 'main-content', menuId: 'main-menu', toolbarId: 'app-toolbar' });
    expect(html).toContain('<a class="usa-skipnav" href="#main-menu">Skip to main menu</a>');
    expect(html).toContain('<a class="usa-skipnav" href="#app-toolbar">Skip to toolbar</a>');
  });

  it('PersonPicker: a GET search form and a POST selection form', () => {
    const html = serverRender(PersonPicker, pickerProps);
    expect(tag(html, 'form', 'method="get"', 'action="/monitoring/visit/7/people"', 'role="search"', 'aria-label="Search people"')).toBeDefined();
    for (const name of ['leaId', 'schoolId', 'firstName', 'lastName']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('<option value="1" selected="">Lincoln</option>');
    expect(html).toContain('value="Ann"');
    // without JavaScript every school is offered
    expect(html).toContain('Other School');
    expect(tag(html, 'fieldset', 'disabled')).toBeUndefined();

    expect(tag(html, 'form', 'method="post"', 'action="/monitoring/visit/7/people"')).toBeDefined();
    expect(html).toContain('<input type="hidden" name="_csrf" value="tok"/>');
    expect(html).toMatch(/<th scope="col"><span class="usa-sr-only">Options<\/span><\/th><th scope="col">ID<\/th><th scope="col">Last Name<\/th><th scope="col">First Name<\/th>/);
    expect(tag(html, 'input', 'type="checkbox"', 'name="personId"', 'value="42"')).toBeDefined();
    expect(html).toContain('<span class="usa-sr-only">Select Ann Lee</span>');
    // the hand-added person is posted as a name pair, never as an id
    expect(html).not.toContain('value="-1"');
    expect(html).toContain('<input type="hidden" name="manualFirstName" value="Cy"/><input type="hidden" name="manualLastName" value="Doe"/>');
    // the add-person fields post with the selection; the Add Person button needs JavaScript
    expect(tag(html, 'input', 'id="pp-manual-first-name"', 'name="manualFirstName"')).toBeDefined();
    expect(tag(html, 'input', 'id="pp-manual-last-name"', 'name="manualLastName"')).toBeDefined();
    expect(html).not.toContain('Add Person');
    expect(html).toContain('Add a person not in the list');
    expect(html).toContain('1 selected');
  });

  it("PersonPicker: 'No results' after a search that found nobody, nothing before a search", () => {
    const found = serverRender(PersonPicker, { ...pickerProps, people: [] });
    expect(found).toMatch(/<td colspan="4" class="data-table__empty">No results<\/td>/i);
    const before = serverRender(PersonPicker, { ...pickerProps, people: [], searched: false });
    expect(before).not.toContain('No results');
  });
});
