// ECO spec §3-§8: every module message, quoted exactly. If one of these fails, a screen now says
// something the specification does not.
import { describe, expect, it } from 'vitest';
import { categoryLabels, exitReasons, familyInputLabels, notIncludedLabel, outcomeTitles, ratingOption, recordStatuses } from '../../lib/eco/codes.js';
import { ecoImportMessages, ecoNotificationText as n, ecoReportText, ecoScoreText, ecoStatusMessages, ecoValidationMessages as v, genericMessages as g } from '../../lib/eco/messages.js';

const cases: [string, string, string][] = [
  // §5
  ['ssid empty', v.ssidRequired, 'State student ID is required.'],
  ['ssid digits', v.ssidDigits, 'State student ID must be exactly 10 digits.'],
  ['ssid in your LEA', v.ssidInYourLea('Prairie View Public Schools'), 'A child with this state student ID is already recorded in Prairie View Public Schools.'],
  ['ssid other LEA', v.ssidInOtherLea, 'This child is recorded by another district. Use Search with the birth date to find and claim the record.'],
  ['names empty', g.fieldRequired, 'Field is required'],
  ['names too long', g.maxLength(50), 'Field has a max length of 50'],
  ['names digits', g.numbersNotAllowed, 'Numbers are not allowed'],
  ['future date', g.noFutureDates, 'No future dates allowed'],
  ['not in list', g.selectFromList, 'A value must be selected from the list'],
  ['entry before 3rd birthday', v.entryBeforeThirdBirthday('2024-11-05'), "Entry date must be on or after the child's third birthday (11/05/2024)."],
  ['entry on 6th birthday', v.entryOnOrAfterSixthBirthday('2027-11-05'), "Entry date must be before the child's sixth birthday (11/05/2027)."],
  ['entry vs previous exit', v.entryNotAfterPreviousExit('2025-02-10'), 'Entry date must be after the previous exit date (02/10/2025).'],
  ['entry rating early', v.entryRatingTooEarly('2024-07-13'), 'Entry ratings must be dated no earlier than 07/13/2024.'],
  ['entry rating after exit', v.entryRatingAfterExit('2025-05-30'), 'Entry ratings must be dated on or before the exit date (05/30/2025).'],
  ['rating missing', v.rateOutcome('B'), 'Rate outcome B.'],
  ['rating scale', v.ratingScale(1, 7), 'Ratings must be whole numbers from 1 to 7.'],
  ['new skills missing', v.newSkillsMissing('C'), 'Answer the new skills question for outcome C.'],
  [
    'impossible',
    v.impossibleCombination('A', 4, 2),
    'Outcome A: the exit rating (4) is not lower than the entry rating (2), so the child has shown new skills. Answer Yes or correct the rating.',
  ],
  ['no team member', v.noTeamMember, 'Add at least one person who took part in the rating.'],
  ['no source', v.noSource, 'Select at least one source of information.'],
  ['exit date missing', v.exitDateMissing, 'Enter the exit date before submitting exit ratings.'],
  ['exit not after entry', v.exitNotAfterEntry('2024-08-12'), 'Exit date must be after the entry date (08/12/2024).'],
  ['exit too far ahead', v.exitTooFarAhead(60, '2025-07-29'), 'Exit date can be at most 60 days in the future (07/29/2025).'],
  ['exit on 6th birthday', v.exitOnOrAfterSixthBirthday('2027-11-05'), "Exit date must be before the child's sixth birthday (11/05/2027)."],
  ['exit rating window', v.exitRatingWindow('2025-03-31', '2025-06-29'), 'Exit ratings must be dated between 03/31/2025 and 06/29/2025.'],
  ['reason short', v.reasonTooShort, 'Give a reason of at least 10 characters.'],
  ['second request', v.unlockRequestOpen, 'An unlock request for these ratings is already open.'],
  ['not found', v.notFound, 'Not found'],
  ['denied', v.accessDenied, 'Access Denied!'],
  // §3.0, §4
  ['stale', ecoStatusMessages.staleVersion, 'These ratings were changed by someone else. Reload the page to see the latest version.'],
  ['entry locks', ecoStatusMessages.entryLocksChild, 'Unlock the entry ratings to change the birth date, state student ID or entry date.'],
  ['entry first', ecoStatusMessages.submitEntryFirst, 'Submit the entry ratings before submitting exit ratings.'],
  ['exit first', ecoStatusMessages.unlockExitFirst, 'Unlock the exit ratings first.'],
  ['own', ecoStatusMessages.ownSubmission, 'You submitted these ratings; another reviewer must finalize them.'],
  ['bulk', ecoStatusMessages.bulkFinalized(3, 5, 2), 'Finalized 3 of 5. 2 were submitted by you and need another reviewer.'],
  ['locked', ecoStatusMessages.locked, 'These ratings are submitted and locked. Ask the state to unlock them.'],
  ['closed', ecoStatusMessages.closedRecord, 'This record is closed. Start a new record instead.'],
  // §3.4, §3.5
  ['saved', ecoScoreText.savedDraft('entry'), 'Entry ratings saved as a draft.'],
  ['confirm', ecoScoreText.submitConfirm('entry'), 'Submit entry ratings? After you submit, only the state can unlock them.'],
  ['submitted', ecoScoreText.submitted('entry'), 'Entry ratings submitted.'],
  ['finalized', ecoScoreText.finalized('exit'), 'Exit ratings finalized.'],
  ['unlocked', ecoScoreText.unlocked('entry'), 'Entry ratings unlocked.'],
  ['requested', ecoScoreText.unlockRequested, 'Unlock request sent to the state.'],
  ['exit saved', ecoScoreText.exitSaved, 'Exit saved.'],
  ['days', ecoScoreText.daysOfService(200), 'Days of services: 200 (at least 182 are needed to be included)'],
  [
    'short notice',
    ecoScoreText.shortStayNotice(73),
    'This child received services for 73 days, fewer than 182. Exit ratings are not required and the child will not be included in the annual performance report.',
  ],
  ['deceased notice', ecoScoreText.notCollectedNotice, 'Exit ratings are not collected for this exit reason.'],
  ['question', ecoScoreText.newSkillsQuestion, 'Has the child shown any new skills or behaviors related to this outcome since the entry rating?'],
  ['submitted by', ecoScoreText.submittedBy('Ann Lee', '2025-10-11'), 'Submitted by Ann Lee on 10/11/2025'],
  // §6
  ['ss1 none', ecoReportText.ss1NotCalculated, 'Not calculated: no child entered below age expectations.'],
  ['caution', ecoReportText.caution('5.58'), 'Interpret with caution (±5.58 points)'],
  ['completeness', ecoReportText.completenessBelow(90), 'Completeness below 90.00%'],
  ['cat a', ecoReportText.categoryAAbove(10, 'A'), 'Category a above 10.00% in outcome A'],
  ['cat e', ecoReportText.categoryEAbove(50, 'C'), 'Category e above 50.00% in outcome C'],
  ['identical', ecoReportText.identicalEntryRatings, 'Identical entry ratings in all three outcomes for more than 50.00% of children'],
  ['exit expected', ecoReportText.exitExpected('2026-06-30'), 'Exit expected 06/30/2026'],
  // §8
  ['rows', ecoImportMessages.tooManyRows, 'The file has more than 2,000 rows. Split it and upload each part.'],
  ['header', ecoImportMessages.header, 'The header row does not match the template.'],
  ['all or none', ecoImportMessages.allRatingsOrNone, 'Give all three entry ratings or none.'],
  ['import submitted', ecoImportMessages.entrySubmitted, 'Entry ratings for this child are submitted; unlock them to change.'],
  ['open record', ecoImportMessages.openRecordOtherEntry('2024-08-12'), 'This child already has an open record with entry date 08/12/2024.'],
  ['other LEA', ecoImportMessages.otherLea, 'This child is recorded by another district. Claim the record before importing.'],
  ['twice', ecoImportMessages.duplicateInFile(2, 5), 'This state student ID appears more than once in the file (rows 2 and 5).'],
  ['imported', ecoImportMessages.imported(4, 1, 2, 1), 'Imported 4 rows: 1 created, 2 updated, 1 unchanged.'],
  // §9
  ['notify submitted', n.submitted('exit', 'Prairie View Public Schools'), 'Exit ratings were submitted for a child in Prairie View Public Schools.'],
  ['notify unlocked', n.unlocked('entry', 'Prairie View Public Schools', 'Wrong rating date.'), 'Entry ratings were unlocked for Prairie View Public Schools: Wrong rating date.'],
  ['notify requested', n.requested('Prairie View Public Schools', 'Wrong rating date.'), 'Unlock requested for Prairie View Public Schools: Wrong rating date.'],
  ['notify due', n.due('Prairie View Public Schools', 2, 3, 1), 'Prairie View Public Schools: 2 entry ratings overdue, 3 due within 7 days, 1 exit ratings overdue.'],
  ['notify declined', n.declined('The date was right.'), 'Your unlock request was declined: The date was right.'],
];

describe('ECO message catalogue', () => {
  it.each(cases)('%s', (_name, actual, expected) => expect(actual).toBe(expected));
});

describe('ECO codes and labels (§1, §2)', () => {
  it('holds the outcome titles, lists and labels', () => {
    expect(outcomeTitles.A).toBe('Positive social-emotional skills (including social relationships)');
    expect(outcomeTitles.C).toBe('Use of appropriate behaviors to meet their needs');
    expect(familyInputLabels['incorporated-into-assessment']).toBe('Incorporated into assessment(s)');
    expect(ratingOption(1)).toBe('1 Not yet');
    expect(ratingOption(7)).toBe('7 Completely');
    expect(categoryLabels.e).toBe('Maintained functioning at a level comparable to same-aged peers');
    expect(recordStatuses['not-included']).toEqual({ label: 'Not included', color: 'amber' });
    expect(exitReasons.deceased.exitRatings).toBe('not-collected');
    expect(exitReasons['moved-out'].exitRatings).toBe('optional');
    expect(notIncludedLabel('exit-not-collected', 'moved-out')).toBe('Exit ratings not collected (Moved out of the state or to a provider outside the portal)');
    expect(notIncludedLabel('short-stay')).toBe('Fewer than 182 days of services');
    expect(notIncludedLabel('invalid-combination')).toBe('Rating combination not possible');
  });
});
