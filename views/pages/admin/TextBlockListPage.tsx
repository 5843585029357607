// Manage Text Blocks (/admin/manage-text-blocks): the text blocks by group code, each linking
// to its edit page; a group filter narrows the page to one group.
import type { ReactElement } from 'react';
import { adminOrgText as t, navText } from '../../../lib/messages.js';
import type { DataTableColumn } from '../../components/DataTable.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { linkColumn, ListTable, yesNo } from './AdminOrgFields.js';
import { SelectField } from './UsersFormFields.js';

export interface TextBlockRow {
  id: number;
  title: string;
  blockCode: string;
  format: 'Div' | 'Card';
  isVisible: boolean;
}

export interface TextBlockListPageProps {
  groups: readonly { groupCode: string; blocks: readonly TextBlockRow[] }[];
  allGroups: readonly string[];
  group: string;
}

const columns: DataTableColumn<TextBlockRow>[] = [
  linkColumn('title', t.blockTitle, (b) => `/admin/manage-text-blocks/${b.id}`, (b) => b.title),
  { key: 'blockCode', label: t.blockCode, render: (b) => <code>{b.blockCode}</code> },
  { key: 'format', label: t.format, render: (b) => (b.format === 'Card' ? t.formatCard : t.formatDiv) },
  { key: 'isVisible', label: t.visible, render: (b) => yesNo(b.isVisible) },
];

export function TextBlockListPage({ groups, allGroups, group }: TextBlockListPageProps): ReactElement {
  return (
    <>
      <PageHeader title={navText.manageTextBlocks} />
      <form method="get" action="/admin/manage-text-blocks" className="admin-org-filter">
        <SelectField
          id="group"
          label={t.group}
          value={group}
          options={[{ value: '', label: t.allGroups }, ...allGroups.map((g) => ({ value: g, label: g }))]}
        />
        <div className="button-row">
          <button type="submit" className="usa-button">
            {t.show}
          </button>
        </div>
      </form>
      {groups.map((g) => (
        <section key={g.groupCode} className="admin-org-section" aria-labelledby={`group-${g.groupCode}-heading`}>
          <h2 id={`group-${g.groupCode}-heading`}>{t.textBlocksCaption(g.groupCode)}</h2>
          <ListTable id={`group-${g.groupCode}`} caption={t.textBlocksCaption(g.groupCode)} columns={columns} rows={g.blocks} rowKey={(b) => b.id} />
        </section>
      ))}
    </>
  );
}
