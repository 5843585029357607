// OpenAPI 3.1 path items of the admin area's endpoints: the list manager, notification event
// types, school years, LEA contacts/years/members, role assignment and the audit log. Bodies come
// from the zod schemas the routes validate with, responses from lib/contract.ts.
import { z } from 'zod';
import {
  audited,
  bearer,
  denied,
  error,
  intSchema,
  invalid,
  jsonBody,
  jsonResponse,
  noContent,
  pathParam,
  queryParam,
  unauthenticated,
  type OpenApiPaths,
} from './helpers.js';
import {
  adminSchoolYear,
  apiErrorBody,
  eventNotificationType,
  lea,
  leaContact,
  lookupList,
  lookupListItem,
  monitoringVisit,
  monitoringVisitResponse,
  pagedAuditEntries,
  pagedPeople,
  user,
} from '../../lib/contract.js';
import { accountSchemas } from '../routes/account.js';
import { adminOrgExtraSchemas } from '../routes/admin-org-extra.js';
import { leaAdminSchemas } from '../routes/lea-admin.js';
import { listsSchemas } from '../routes/lists.js';
import { monitoringSchemas } from '../routes/monitoring.js';
import { notificationTypesSchemas } from '../routes/notification-types.js';
import { schoolYearsSchemas } from '../routes/school-years.js';

const id = (description: string) => pathParam('id', intSchema, description);
const listReaders = 'Any signed-in user; without App.listmanager.manage only active lists and their active items.';
const listManagers = `Needs App.listmanager.manage. ${audited}`;
const typeManagers = `Needs App.notification.manage. ${audited}`;
const leaManagers = `Needs App.leas.manage; an LEA the caller cannot see answers 404. ${audited}`;

const visitScope = 'One visit per LEA and school year: the LEA of the CurrentLeaId header (one the caller can see) and the year of the activeschoolyear header.';
const visitHeaders = [
  { name: 'CurrentLeaId', in: 'header', required: true, schema: intSchema, description: 'The LEA of the visit.' },
  { name: 'activeschoolyear', in: 'header', required: true, schema: { type: 'string', pattern: '^[0-9]{4}-[0-9]{4}$' }, description: 'The school year of the visit.' },
];
const listPath = id('The list id.');
const itemPath = [listPath, pathParam('itemId', intSchema, 'The item id.')];
const leaPath = id('The LEA id.');
const contactPath = [leaPath, pathParam('contactId', intSchema, 'The contact id.')];
const fullLea = lea.extend({ leaType: z.enum(['District', 'Charter']) });

export const adminPaths: OpenApiPaths = {
  // ---- list manager ---------------------------------------------------------------------------
  '/api/lists': {
    get: {
      tags: ['Lists'],
      summary: 'Lookup lists, by display name',
      description: `${listReaders} Without items; \`itemCount\` counts the items the caller can see.`,
      security: bearer,
      responses: { 200: jsonResponse('Lists.', z.array(lookupList)), 401: unauthenticated },
    },
    post: {
      tags: ['Lists'],
      summary: 'Create a list, optionally with items',
      description: `${listManagers} Items without a sort order are spaced by 10 in the order given.`,
      security: bearer,
      requestBody: jsonBody(listsSchemas.createListBody),
      responses: {
        201: jsonResponse('Created, with its items.', lookupList),
        400: invalid,
        401: unauthenticated,
        403: denied,
        409: error('The name is taken, or two items share a code.'),
      },
    },
  },
  '/api/lists/by-name/{name}': {
    get: {
      tags: ['Lists'],
      summary: 'What a form offers: the active items of an active list, in order',
      description: 'Any signed-in user. Items are ordered by sort order, then label. An inactive list answers 404.',
      security: bearer,
      parameters: [pathParam('name', { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }, 'The list name, e.g. dr-request-types.')],
      responses: { 200: jsonResponse('The list with its active items.', lookupList), 400: invalid, 401: unauthenticated, 404: error('No such active list.') },
    },
  },
  '/api/lists/{id}': {
    get: {
      tags: ['Lists'],
      summary: 'One list with its items',
      description: listReaders,
      security: bearer,
      parameters: [listPath],
      responses: { 200: jsonResponse('The list.', lookupList), 400: invalid, 401: unauthenticated, 404: error('No such list.') },
    },
    put: {
      tags: ['Lists'],
      summary: 'Rename, describe, activate or deactivate a list',
      description: `${listManagers} Fields left out keep their value. Built-in lists keep their names.`,
      security: bearer,
      parameters: [listPath],
      requestBody: jsonBody(listsSchemas.updateListBody),
      responses: {
        200: jsonResponse('Updated.', lookupList),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('No such list.'),
        409: error('The name is taken, or a built-in list would be renamed.'),
      },
    },
    delete: {
      tags: ['Lists'],
      summary: 'Delete a list and its items',
      description: `${listManagers} Built-in lists cannot be deleted (deactivate them instead).`,
      security: bearer,
      parameters: [listPath],
      responses: { 204: noContent('Deleted.'), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such list.'), 409: error('A built-in list.') },
    },
  },
  '/api/lists/{id}/items': {
    post: {
      tags: ['Lists'],
      summary: 'Add an item',
      description: `${listManagers} Codes are unique within the list, ignoring case. Without a sort order the item goes last.`,
      security: bearer,
      parameters: [listPath],
      requestBody: jsonBody(listsSchemas.createItemBody),
      responses: {
        201: jsonResponse('Created.', lookupListItem),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('No such list.'),
        409: error('The list already has an item with this code.'),
      },
    },
  },
  '/api/lists/{id}/items/{itemId}': {
    put: {
      tags: ['Lists'],
      summary: 'Change an item’s code, label, sort order or active flag',
      description: `${listManagers} Fields left out keep their value.`,
      security: bearer,
      parameters: itemPath,
      requestBody: jsonBody(listsSchemas.updateItemBody),
      responses: {
        200: jsonResponse('Updated.', lookupListItem),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('No such list, or no such item in it.'),
        409: error('The list already has an item with this code.'),
      },
    },
    delete: {
      tags: ['Lists'],
      summary: 'Delete an item',
      description: listManagers,
      security: bearer,
      parameters: itemPath,
      responses: { 204: noContent('Deleted.'), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such list, or no such item in it.') },
    },
  },

  // ---- notification event types ---------------------------------------------------------------
  '/api/event-notification/types': {
    get: {
      tags: ['Notification events'],
      summary: 'Every notification event type, with its number of subscribers',
      description: 'Needs App.notification.manage.',
      security: bearer,
      responses: { 200: jsonResponse('Event types by module and name.', z.array(eventNotificationType)), 401: unauthenticated, 403: denied },
    },
    post: {
      tags: ['Notification events'],
      summary: 'Create a notification event type',
      description: `${typeManagers} \`supportedFrequency\` is a subset of 1 (Immediately), 2 (Daily), 3 (Weekly), 4 (Monthly); at least one of email and in-app is offered.`,
      security: bearer,
      requestBody: jsonBody(notificationTypesSchemas.typeBody),
      responses: {
        201: jsonResponse('Created.', eventNotificationType),
        400: invalid,
        401: unauthenticated,
        403: denied,
        409: error('The name is taken.'),
      },
    },
  },
  '/api/event-notification/types/{id}': {
    get: {
      tags: ['Notification events'],
      summary: 'One notification event type',
      description: 'Needs App.notification.manage.',
      security: bearer,
      parameters: [id('The event type id.')],
      responses: { 200: jsonResponse('The event type.', eventNotificationType), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such notification event.') },
    },
    put: {
      tags: ['Notification events'],
      summary: 'Change a notification event type',
      description: `${typeManagers} Fields left out keep their value. Existing subscriptions are brought within the new rules: a frequency no longer offered becomes the first offered, a channel no longer offered is switched off (a subscription left without one gets the one offered), LEAs are cleared when the type is no longer per LEA or becomes required. Built-in types keep their names.`,
      security: bearer,
      parameters: [id('The event type id.')],
      requestBody: jsonBody(notificationTypesSchemas.updateBody),
      responses: {
        200: jsonResponse('Updated.', eventNotificationType),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('No such notification event.'),
        409: error('The name is taken, or a built-in type would be renamed.'),
      },
    },
    delete: {
      tags: ['Notification events'],
      summary: 'Delete a notification event type',
      description: `${typeManagers} Refused while anyone is subscribed, and for built-in types.`,
      security: bearer,
      parameters: [id('The event type id.')],
      responses: {
        204: noContent('Deleted.'),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('No such notification event.'),
        409: error('Users are subscribed to it, or it is built in.'),
      },
    },
  },

  // ---- school years ---------------------------------------------------------------------------
  '/api/school-years': {
    get: {
      tags: ['School years'],
      summary: 'Every school year, newest first, with the number of LEAs reporting in it',
      description: 'Needs App.leas.manage. The portal’s own list is GET /api/leas/school-years.',
      security: bearer,
      responses: { 200: jsonResponse('School years.', z.array(adminSchoolYear)), 401: unauthenticated, 403: denied },
    },
    post: {
      tags: ['School years'],
      summary: 'Add a school year',
      description: `Needs App.leas.manage. The key is two consecutive years (2023-2024); the label defaults to the key. ${audited}`,
      security: bearer,
      requestBody: jsonBody(schoolYearsSchemas.createBody),
      responses: { 201: jsonResponse('Created.', adminSchoolYear), 400: invalid, 401: unauthenticated, 403: denied, 409: error('The year exists.') },
    },
  },
  '/api/school-years/current': {
    put: {
      tags: ['School years'],
      summary: 'Mark the current school year',
      description: `Needs App.leas.manage. Exactly one year is current afterwards; the calendar moves it again when the next school year begins (July 1). ${audited}`,
      security: bearer,
      requestBody: jsonBody(schoolYearsSchemas.currentBody),
      responses: { 200: jsonResponse('The current year.', adminSchoolYear), 400: error('Not a school year key, or not a known one.'), 401: unauthenticated, 403: denied },
    },
  },

  // ---- LEA parts ------------------------------------------------------------------------------
  '/api/leas/{id}/contacts': {
    post: {
      tags: ['LEAs'],
      summary: 'Add a contact to an LEA',
      description: leaManagers,
      security: bearer,
      parameters: [leaPath],
      requestBody: jsonBody(leaAdminSchemas.createContactBody),
      responses: { 201: jsonResponse('Created.', leaContact), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such LEA.') },
    },
  },
  '/api/leas/{id}/contacts/{contactId}': {
    put: {
      tags: ['LEAs'],
      summary: 'Change a contact of an LEA',
      description: `${leaManagers} Fields left out keep their value.`,
      security: bearer,
      parameters: contactPath,
      requestBody: jsonBody(leaAdminSchemas.updateContactBody),
      responses: { 200: jsonResponse('Updated.', leaContact), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such LEA, or not a contact of it.') },
    },
    delete: {
      tags: ['LEAs'],
      summary: 'Remove a contact of an LEA',
      description: leaManagers,
      security: bearer,
      parameters: contactPath,
      responses: { 204: noContent('Removed.'), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such LEA, or not a contact of it.') },
    },
  },
  '/api/leas/{id}/years': {
    put: {
      tags: ['LEAs'],
      summary: 'Set the school years an LEA reports in',
      description: `${leaManagers} Only existing school year keys.`,
      security: bearer,
      parameters: [leaPath],
      requestBody: jsonBody(leaAdminSchemas.yearsBody),
      responses: { 200: jsonResponse('The LEA.', fullLea), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such LEA.') },
    },
  },
  '/api/leas/{id}/users': {
    put: {
      tags: ['LEAs'],
      summary: 'Set which users belong to an LEA',
      description: `Needs App.users.manage, with the rules of the account endpoints: without App.users.view only an LEA of the caller’s own jurisdiction and users sharing one of their LEAs; never a user whose roles grant permissions the caller lacks. A removed user’s primary LEA moves to another of their LEAs; an added user without one gets this LEA. ${audited}`,
      security: bearer,
      parameters: [leaPath],
      requestBody: jsonBody(leaAdminSchemas.usersBody),
      responses: {
        200: jsonResponse('The LEA’s users.', z.array(user)),
        400: error('Not valid, or a user who does not exist or whom the caller cannot see (`userIds.{index}`).'),
        401: unauthenticated,
        403: error('Outside the caller’s jurisdiction, or a user with permissions the caller lacks.'),
        404: error('No such LEA.'),
      },
    },
  },

  // ---- users ----------------------------------------------------------------------------------
  '/api/account/users/{id}/roles': {
    put: {
      tags: ['Account'],
      summary: 'Set the roles of a user',
      description: `Needs App.roles.assign or App.users.manage. The user must be within the caller’s reach, and every role given or taken away must grant only permissions the caller holds. Takes effect at the user’s next token refresh. ${audited}`,
      security: bearer,
      parameters: [pathParam('id', { type: 'string', format: 'uuid' }, 'The user id.')],
      requestBody: jsonBody(accountSchemas.setRolesBody),
      responses: {
        200: jsonResponse('The user.', user),
        400: error('Not valid, or an unknown role.'),
        401: unauthenticated,
        403: error('A role or account with permissions the caller lacks.'),
        404: error('No such user (or not visible to the caller).'),
      },
    },
  },

  // ---- audit log ------------------------------------------------------------------------------
  '/api/audit': {
    get: {
      tags: ['Audit'],
      summary: 'Admin changes, newest first',
      description:
        'Needs App.roles.manage or App.users.manage; a user manager with neither App.roles.manage nor App.users.view sees only entries about users of their own LEAs. `changes` maps each changed field to `{ from, to }` (lists of values to `{ added, removed }`); passwords, hashes and tokens are never recorded.',
      security: bearer,
      parameters: [
        queryParam('entityType', { type: 'string' }, 'user, role, lea, school, text-block, lookup-list, notification-event-type, notification-message, school-year.'),
        queryParam('entityId', { type: 'string' }, 'The entity’s id (an LEA’s contacts, years and members are filed under the LEA).'),
        queryParam('actor', { type: 'string' }, 'The user id of whoever made the change.'),
        queryParam('action', { type: 'string' }, 'e.g. user.update, role.delete.'),
        queryParam('pageNumber', { type: 'integer', minimum: 1, default: 1 }, 'Page, from 1.'),
        queryParam('pageSize', { type: 'integer', minimum: 1, maximum: 500, default: 25 }, 'Entries per page.'),
      ],
      responses: { 200: jsonResponse('A page of entries and the total.', pagedAuditEntries), 400: invalid, 401: unauthenticated, 403: denied },
    },
  },
  // ---- people search (person picker) ----------------------------------------------------------
  '/api/people': {
    get: {
      tags: ['People'],
      summary: 'Search students and staff for the person picker',
      description: 'Any signed-in user; only people of LEAs the caller can see. Name filters match from the start, ignoring case.',
      security: bearer,
      parameters: [
        queryParam('leaId', intSchema, 'District or charter.'),
        queryParam('schoolId', intSchema, 'School.'),
        queryParam('firstName', { type: 'string', maxLength: 200 }, 'First name, from its start.'),
        queryParam('lastName', { type: 'string', maxLength: 200 }, 'Last name, from its start.'),
        queryParam('role', { type: 'string', enum: ['Student', 'Staff'] }, 'Students or staff only.'),
        queryParam('externalIds', { type: 'string' }, 'Comma-separated external ids (at most 100).'),
        queryParam('pageNumber', { type: 'integer', minimum: 1, default: 1 }, 'Page, from 1.'),
        queryParam('pageSize', { type: 'integer', minimum: 1, maximum: 100, default: 25 }, 'People per page.'),
      ],
      responses: { 200: jsonResponse('A page of people and the total.', pagedPeople), 400: invalid, 401: unauthenticated },
    },
  },

  // ---- monitoring -----------------------------------------------------------------------------
  '/api/monitoring/visit': {
    get: {
      tags: ['Monitoring'],
      summary: 'The visit details of the Integrated Monitoring Review of the current LEA and school year',
      description: `Needs Monitoring.visit.view or Monitoring.visit.init. ${visitScope}`,
      security: bearer,
      parameters: visitHeaders,
      responses: {
        200: jsonResponse('The visit, or null until its details are first saved.', monitoringVisitResponse),
        400: error('No CurrentLeaId or activeschoolyear header, or a school year that does not exist.'),
        401: unauthenticated,
        403: denied,
        404: error('The CurrentLeaId LEA does not exist or the caller cannot see it.'),
      },
    },
    put: {
      tags: ['Monitoring'],
      summary: 'Save the visit details of the current LEA and school year',
      description: `Needs Monitoring.visit.init. Creates the visit or replaces its details. The day must be a real one and the end time after the start time. ${visitScope} ${audited}`,
      security: bearer,
      parameters: visitHeaders,
      requestBody: jsonBody(monitoringSchemas.saveBody),
      responses: {
        200: jsonResponse('Saved.', monitoringVisit),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('The CurrentLeaId LEA does not exist or the caller cannot see it.'),
      },
    },
  },

  // ---- admin utilities ------------------------------------------------------------------------
  '/api/emails/test': {
    post: {
      tags: ['Email log'],
      summary: 'Send a test email',
      description: 'Needs App.roles.manage. The message is recorded in the email log like any other.',
      security: bearer,
      requestBody: jsonBody(adminOrgExtraSchemas.testEmailBody),
      responses: { 202: noContent('Accepted: sent, or written to the mail folder without SMTP.'), 400: invalid, 401: unauthenticated, 403: denied },
    },
  },
  '/api/account/users/{id}/revoke-sessions': {
    post: {
      tags: ['Account'],
      summary: "Revoke every refresh token of a user (ends their sessions at their next refresh)",
      description: `Needs App.roles.manage. ${audited}`,
      security: bearer,
      parameters: [pathParam('id', { type: 'string', format: 'uuid' }, 'The user id.')],
      responses: { 200: noContent('How many refresh sessions were revoked.'), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such user.') },
    },
  },
  '/api/event-notification/message/queue-all': {
    post: {
      tags: ['Messages'],
      summary: 'Queue a system message to every active user',
      description: `Needs App.notification.manage. With \`dryRun: true\` it only counts the recipients (\`queued\`) and sends nothing. ${audited}`,
      security: bearer,
      requestBody: jsonBody(adminOrgExtraSchemas.queueAllBody),
      responses: { 200: noContent('How many messages were queued.'), 400: invalid, 401: unauthenticated, 403: denied },
    },
  },
};
