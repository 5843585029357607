// The wire contract between the portal and the agency API (spec §3 and §7). The API builds its
// responses to these shapes and its contract tests parse them with these schemas; the portal's
// upstream client parses every response with them. Field names are the spec's.
import { z } from 'zod';
import { subscriptionShape } from './browser-contract.js';

// ---- errors ---------------------------------------------------------------------------------
/** Every API error body: a message, and the field errors when input was refused. */
export const apiErrorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** For password resets: the list of reasons (spec §8 "if a list: each string"). */
  reasons: z.array(z.string()).optional(),
  code: z.string().optional(),
  /** A refused CSV import (MODULES.md 'CSV import'): each bad cell with its file line and value. */
  rowErrors: z.array(z.object({ line: z.number(), column: z.string(), value: z.string(), message: z.string() })).optional(),
  /** resend-verification answering 429: seconds until the next resend is allowed. */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

// ---- auth -----------------------------------------------------------------------------------
export const tokenRequest = z.object({
  username: z.string(),
  password: z.string(),
  recaptchaToken: z.string().optional().default(''),
});
export const tokenResponse = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int().positive(),
  leaId: z.number().int().nullable(),
  id: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** Claims of the access token (spec §3). role and permission are one value or a list. */
export const accessTokenClaims = z.object({
  sub: z.string(),
  name: z.string(),
  fullname: z.string(),
  email: z.string(),
  jobtitle: z.string().optional().default(''),
  phone_number: z.string().optional().default(''),
  role: z.union([z.string(), z.array(z.string())]).optional(),
  permission: z.union([z.string(), z.array(z.string())]).optional(),
  configuration: z.string().optional().default('{}'),
  /** The user's security stamp when the token was issued (api/security-stamps.ts). */
  stamp: z.number().int().optional(),
  /** The refresh-token family (sign-in) the token belongs to. */
  sid: z.string().optional(),
  exp: z.number(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaims>;

export const refreshTokenRequest = z.object({ activeSchoolYear: z.string().optional() });
export const verifyEmailRequest = z.object({ uid: z.string().min(1) });
export const verifyEmailResponse = z.object({ success: z.boolean(), role: z.string().nullable() });
export const registerRequest = z.object({
  fullName: z.string(),
  email: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  recaptchaToken: z.string().optional().default(''),
});
export const registerResponse = z.object({ userId: z.string(), uid: z.string().optional() });
/** POST /api/account/email/confirm: what became of a new email address's confirmation link. */
export const confirmEmailResponse = z.object({ outcome: z.enum(['confirmed', 'invalid', 'taken']) });
export const resendVerificationRequest = z.object({ uid: z.string().min(1) });
/** resend-verification: when the next resend is allowed (ISO time), so the 300 s lock survives reloads. */
export const resendVerificationResponse = z.object({ sent: z.boolean(), retryAfterSeconds: z.number().int().nonnegative() });

// ---- account --------------------------------------------------------------------------------
export const userConfiguration = z.object({
  language: z.string().default('en'),
  homeUrl: z.string().default('/'),
  showSelfAssessmentIntro: z.boolean().default(true),
});
export const leaSummary = z.object({ id: z.number().int(), name: z.string(), leaCode: z.string() });
export const user = z.object({
  id: z.string(),
  userName: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  jobTitle: z.string(),
  phoneNumber: z.string(),
  leaId: z.number().int().nullable(),
  leaData: z.array(leaSummary),
  roles: z.array(z.string()),
  configuration: userConfiguration,
  isEnabled: z.boolean(),
  isDeleted: z.boolean(),
  emailConfirmed: z.boolean(),
  isLockedOut: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** In the answer to a save that asked for a new address: it waits for that address to confirm. */
  pendingEmail: z.string().nullable().optional(),
});
export type User = z.infer<typeof user>;
export const pagedUsers = z.object({ items: z.array(user), totalCount: z.number().int() });

export const patchOperation = z.object({
  op: z.enum(['add', 'remove', 'replace', 'copy', 'move', 'test']),
  path: z.string(),
  value: z.unknown().optional(),
  from: z.string().optional(),
});

export const permission = z.object({
  name: z.string(),
  value: z.string(),
  groupName: z.string(),
  description: z.string(),
});
export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().optional().default(''),
  permissions: z.array(z.string()).optional(),
  usersCount: z.number().int().optional(),
});
export type Role = z.infer<typeof role>;

// ---- passwords ------------------------------------------------------------------------------
export const recoverPasswordRequest = z.object({ email: z.string() });
export const resetPasswordRequest = z.object({ email: z.string(), newPassword: z.string(), token: z.string() });
export const changePasswordRequest = z.object({ id: z.string(), currentPassword: z.string(), newPassword: z.string() });
export const adminChangePasswordRequest = z.object({ id: z.string(), newPassword: z.string() });

// ---- applications, LEAs, schools, school years ----------------------------------------------
export const application = z.object({ id: z.number().int(), name: z.string(), url: z.string().optional() });
export const schoolYear = z.object({ key: z.string(), label: z.string(), isCurrent: z.boolean().optional() });
export type SchoolYearDto = z.infer<typeof schoolYear>;
export const leaContact = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().optional().default(''),
  title: z.string().optional().default(''),
});
export const lea = z.object({
  id: z.number().int(),
  name: z.string(),
  leaCode: z.string(),
  /** The group the LEA is listed under (spec §3: Districts and Charters). */
  leaType: z.enum(['District', 'Charter']).optional(),
  contactEmail: z.string().nullable(),
  leaYears: z.array(z.object({ name: z.string() })),
  userLeas: z.array(z.object({ userId: z.string() })).optional(),
  leaContacts: z.array(leaContact).optional(),
  ziplineAPIDistrictId: z.string().nullable(),
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  county: z.string().nullable(),
  isIncludedInCharterGroup: z.boolean(),
  isNdeLevelDistrict: z.boolean(),
  isStateSponsoredCharterAuthority: z.boolean(),
});
export type Lea = z.infer<typeof lea>;
export const school = z.object({
  id: z.number().int(),
  leaId: z.number().int(),
  leaName: z.string().optional(),
  name: z.string(),
  ziplineAPISchoolId: z.string().nullable(),
});
export const pagedSchools = z.object({ items: z.array(school), totalCount: z.number().int() });

// ---- text blocks ----------------------------------------------------------------------------
export const textBlock = z.object({
  id: z.number().int(),
  title: z.string(),
  html: z.string(),
  isVisible: z.boolean(),
  blockCode: z.string(),
  groupCode: z.string(),
  format: z.enum(['Div', 'Card']),
});
export type TextBlock = z.infer<typeof textBlock>;

// ---- messages and subscriptions -------------------------------------------------------------
export const MessageStatus = { New: 0, Acknowledged: 1, Viewed: 2 } as const;
export const notificationMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  createdOn: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  openUrl: z.string().nullable(),
});
export type NotificationMessage = z.infer<typeof notificationMessage>;

export { Frequency, type Subscription } from './browser-contract.js';
export const subscription = z.object(subscriptionShape);
export const saveSubscriptionRequest = z.object({
  isInApp: z.boolean(),
  isEmail: z.boolean(),
  frequency: z.number().int().min(0).max(4),
  isSubscribed: z.boolean(),
  eventNotificationSubscriptionId: z.number().int().nullable(),
  eventNotificationTypeId: z.number().int(),
  subscribedLeaIds: z.array(z.number().int()),
});
export type SaveSubscriptionRequest = z.infer<typeof saveSubscriptionRequest>;

// ---- people (the person picker's search, spec §2 Person picker, §3 Person in picker) --------
/** A student or staff member of an LEA; externalId is the id the picker shows and posts. */
export const personRecord = z.object({
  id: z.number().int(),
  externalId: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  leaId: z.number().int(),
  leaName: z.string(),
  schoolId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  role: z.enum(['Student', 'Staff']),
});
export type PersonRecord = z.infer<typeof personRecord>;
export const pagedPeople = z.object({ items: z.array(personRecord), totalCount: z.number().int() });

// ---- monitoring visit details (the Integrated Monitoring Review's "Visit details" step) -------
/** The most student files one visit may review. */
export const VISIT_MAX_STUDENT_FILES = 500;
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a day as yyyy-MM-dd.');
const clock24 = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Must be a time as HH:mm on a 24-hour clock.');
/** PUT /api/monitoring/visit: the visit of the CurrentLeaId LEA in the activeschoolyear year. */
export const saveMonitoringVisitRequest = z.object({
  visitDate: isoDay,
  startTime: clock24,
  endTime: clock24,
  studentFileCount: z.number().int().min(1).max(VISIT_MAX_STUDENT_FILES),
});
export type SaveMonitoringVisitRequest = z.infer<typeof saveMonitoringVisitRequest>;
export const monitoringVisit = saveMonitoringVisitRequest.extend({
  leaId: z.number().int(),
  schoolYear: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type MonitoringVisit = z.infer<typeof monitoringVisit>;
/** GET /api/monitoring/visit: null until the details are first saved. */
export const monitoringVisitResponse = z.object({ visit: monitoringVisit.nullable() });

export const emailLogEntry = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['Logged', 'Sent', 'Failed']),
  sentAt: z.string(),
});

// ---- admin area (lists, notification event types, school years, audit log) ------------------
/** An item of a lookup list; forms submit `code` and show `label`. */
export const lookupListItem = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
});
export type LookupListItem = z.infer<typeof lookupListItem>;
/** A lookup list: `name` is the stable code forms ask for (GET /api/lists/by-name/{name}). */
export const lookupList = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  /** Seeded with the product: it cannot be renamed or deleted, only edited or deactivated. */
  isBuiltIn: z.boolean(),
  /** Items the caller can see (all for list managers, else the active ones). */
  itemCount: z.number().int(),
  /** Present on single-list answers. */
  items: z.array(lookupListItem).optional(),
});
export type LookupList = z.infer<typeof lookupList>;

/** A notification event type as Manage Notification Events edits it (spec §3 Subscription fields). */
export const eventNotificationType = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  module: z.string(),
  supportedFrequency: z.array(z.number().int().min(1).max(4)),
  isSupportsEmail: z.boolean(),
  isSupportsInApp: z.boolean(),
  isRequired: z.boolean(),
  hasLea: z.boolean(),
  hasSpecificDate: z.boolean(),
  isBuiltIn: z.boolean(),
  subscriberCount: z.number().int(),
});
export type EventNotificationType = z.infer<typeof eventNotificationType>;

/** GET /api/school-years: every year, with how many LEAs report in it. */
export const adminSchoolYear = z.object({ key: z.string(), label: z.string(), isCurrent: z.boolean(), leaCount: z.number().int() });
export type AdminSchoolYear = z.infer<typeof adminSchoolYear>;

/** One audit log entry: `changes` maps each changed field to { from, to } (lists: { added, removed }). */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  changes: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const pagedAuditEntries = z.object({ items: z.array(auditEntry), totalCount: z.number().int() });
