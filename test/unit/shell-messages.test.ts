// The shell's spec-named labels, quoted exactly (spec §2 Shell, Dashboard, Side navigation).
import { describe, expect, it } from 'vitest';
import { navText, subscriptionText, uiText } from '../../lib/messages.js';
import { breadcrumbsFor } from '../../lib/navigation.js';

describe('shell labels of the spec', () => {
  it('names the modules and pages as the spec does', () => {
    expect(navText.dashboard).toBe('Dashboard');
    expect(navText.restraintAversiveIntervention).toBe('Restraint & Aversive Intervention');
    expect(navText.earlyChildhoodOutcomes).toBe('Early Childhood Outcomes');
    expect(navText.postSchoolOutcomesSurvey).toBe('Post-School Outcomes Survey');
    expect(navText.disputeResolution).toBe('Dispute Resolution');
    expect(navText.createRequest).toBe('Create Request');
    expect(navText.integratedMonitoringReview).toBe('Integrated Monitoring Review');
    expect(navText.manageNotificationEvents).toBe('Manage Notification Events');
    expect(navText.eco).toBe('ECO');
    expect(navText.contact).toBe('Contact');
    expect(navText.faq).toBe('FAQ');
    expect(uiText.notificationSettings).toBe('Notification Settings');
    expect(uiText.notificationSubscription).toBe('Notification Subscription');
  });

  it('offers the two frequencies of spec §3', () => {
    expect([subscriptionText.immediately, subscriptionText.daily]).toEqual(['Immediately', 'Daily']);
  });

  it('builds breadcrumbs with those labels', () => {
    expect(breadcrumbsFor('/monitoring/visit').map((c) => c.label)).toEqual(['Dashboard', 'Integrated Monitoring Review', 'Integrated Monitoring Review']);
  });
});
