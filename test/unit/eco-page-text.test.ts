// The ECO report screens' strings (ECO spec §3.1, §3.7, §3.8) as the spec writes them.
import { describe, expect, it } from 'vitest';
import { ecoPageText as t } from '../../lib/eco/page-text.js';

describe('ECO report page text', () => {
  it('quotes the dashboard tiles and empty state of §3.1', () => {
    expect(Object.values(t.dashboard.tiles)).toEqual([
      'Entry ratings due in the next 14 days',
      'Entry ratings overdue',
      'Exit ratings pending or overdue',
      'Kindergarten-bound children',
      'Awaiting finalization',
      'Open unlock requests',
      'Completeness',
    ]);
    expect([t.dashboard.thisLea, t.dashboard.statewide, t.dashboard.target]).toEqual(['This LEA', 'Statewide', 'Target']);
    expect(t.dashboard.empty('Prairie View Public Schools', '2025-2026')).toBe('No children are recorded for Prairie View Public Schools in 2025-2026.');
    expect(t.dashboard.addChild).toBe('Add a child');
  });

  it('writes the state tracking header, columns and messages of §3.7', () => {
    expect(t.tracking.due('2026-07-31', 12)).toBe('LEA data due 07/31/2026 (12 days left)');
    expect(t.tracking.pastDue(3)).toBe('3 days past due');
    expect(t.tracking.reminderSent(4)).toBe('Reminder sent to 4 users.');
    expect(t.tracking.noLeas('2025-2026')).toBe('No LEAs have preschool children recorded for 2025-2026.');
    expect(t.tracking.stateTotal).toBe('State total');
    expect([t.tracking.sendReminder, t.tracking.downloadCsv]).toEqual(['Send reminder', 'Download CSV']);
    expect(t.tracking.statuses).toEqual(['On track', 'Needs attention', 'No preschool children']);
    expect(Object.values(t.tracking.columns)).toEqual([
      'LEA', 'Active children', 'Entry pending', 'Entry overdue', 'Awaiting finalization', 'Exits in year', 'Eligible exits (≥ 182 days)',
      'Included', 'Exit pending / overdue', 'Not included', 'Completeness %', 'Entry timeliness %', 'Pattern flags', 'Open unlock requests', 'Status',
    ]);
  });

  it('writes the APR report title, sub-line, filters, downloads and empty state of §3.8', () => {
    expect(t.apr.title(2025)).toBe('FFY 2025 Indicator B7: Preschool outcomes');
    expect(t.apr.subLine(2025, 2026)).toBe('Children who exited between 07/01/2025 and 06/30/2026 after at least 182 days of services');
    expect(Object.values(t.apr.bases)).toEqual(['Submitted and finalized', 'Finalized only']);
    expect([t.apr.downloadSummary, t.apr.downloadByLea, t.apr.downloadChildren]).toEqual(['Download summary CSV', 'Download by-LEA CSV', 'Download child data CSV']);
    expect(t.apr.noExits('2025-2026')).toBe('No children exited in 2025-2026 after at least 182 days of services.');
    expect(Object.values(t.apr.statementColumns)).toContain('Numerator/Denominator');
    expect(Object.values(t.apr.statementColumns)).toContain('Compared with state');
  });
});
