// List Manager (/admin/list-manager): the lookup lists forms offer, each linking to its page.
import type { ReactElement } from 'react';
import type { LookupList } from '../../../lib/contract.js';
import { adminOrgText as t, navText } from '../../../lib/messages.js';
import type { DataTableColumn } from '../../components/DataTable.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { linkColumn, ListTable, yesNo } from './AdminOrgFields.js';

const columns: DataTableColumn<LookupList>[] = [
  linkColumn('displayName', t.displayName, (l) => `/admin/list-manager/${l.id}`, (l) => l.displayName),
  { key: 'name', label: t.listName, render: (l) => <code>{l.name}</code> },
  { key: 'itemCount', label: t.items, render: (l) => l.itemCount, className: 'admin-org-number' },
  { key: 'isActive', label: t.active, render: (l) => yesNo(l.isActive) },
  { key: 'isBuiltIn', label: t.builtIn, render: (l) => yesNo(l.isBuiltIn) },
];

export function ListManagerPage({ lists }: { lists: readonly LookupList[] }): ReactElement {
  return (
    <>
      <PageHeader
        title={navText.listManager}
        actions={
          <a className="usa-button" href="/admin/list-manager/new">
            {t.addList}
          </a>
        }
      />
      <ListTable id="lists" caption={t.listsCaption} columns={columns} rows={lists} rowKey={(l) => l.id} />
    </>
  );
}
