// ECO spec §6.9 (claim) and §3.0 (masked state student ID).
import { describe, expect, it } from 'vitest';
import { checkClaim, claimedMessage, maskStateStudentId, type ClaimTarget } from '../../lib/eco/claim.js';
import { ecoClaimText } from '../../lib/eco/messages.js';

const district = { permissions: new Set(['Eco.access', 'Eco.scores.submit']), currentLeaId: 7, currentLeaName: 'Prairie View Public Schools' };
const child: ClaimTarget = { stateStudentId: '9000000001', birthDate: '2021-04-10', leaId: 8, hasOpenRecord: true };
const typed = { stateStudentId: '9000000001', birthDate: '2021-04-10' };

describe('claim (§6.9)', () => {
  it.each([
    ['a district user with the exact ID and birth date', district, child, typed, { ok: true, fromLeaId: 8, toLeaId: 7 }],
    ['a state user with allleas and unlock', { ...district, permissions: new Set(['App.data.allleas', 'Eco.scores.unlock']) }, child, typed, { ok: true, fromLeaId: 8, toLeaId: 7 }],
    ['no permission', { ...district, permissions: new Set(['Eco.access']) }, child, typed, { ok: false, status: 403, message: 'Access Denied!' }],
    ['wrong birth date', district, child, { ...typed, birthDate: '2021-04-11' }, { ok: false, status: 404, message: 'Not found' }],
    ['no such child', district, null, typed, { ok: false, status: 404, message: 'Not found' }],
    ['closed record', district, { ...child, hasOpenRecord: false }, typed, { ok: false, status: 409, message: 'This record is closed. Start a new record instead.' }],
    [
      'already in the claimer’s LEA',
      district,
      { ...child, leaId: 7 },
      typed,
      { ok: false, status: 409, message: 'A child with this state student ID is already recorded in Prairie View Public Schools.' },
    ],
  ] as const)('%s', (_name, claimer, target, input, expected) => expect(checkClaim(claimer, target, input)).toEqual(expected));

  it('tells the previous LEA without the child’s name', () => {
    expect(claimedMessage('9000000001', 'Riverbend Community Schools', '2025-10-03')).toBe(
      'A child record (state student ID ending 0001) was claimed by Riverbend Community Schools on 10/03/2025.',
    );
    expect(ecoClaimText.heldBy('Riverbend Community Schools')).toBe('Held by Riverbend Community Schools');
  });
});

describe('masking (§3.0)', () => {
  it('shows the last 4 digits', () => expect(maskStateStudentId('9000001234')).toBe('••••••1234'));
});
