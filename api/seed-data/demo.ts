// Demo data (SEED_DEMO only): districts and charters with schools and contacts, the demo
// accounts of the team brief, their system messages and subscriptions. Names and addresses are
// made up; counties, cities and ZIP codes are real places so the data looks like the real thing.
import { ROLE } from './roles.js';

export const DEMO_PASSWORD = 'Demo-Password-1!';

export interface DemoLea {
  leaCode: string;
  name: string;
  leaType: 'District' | 'Charter';
  contactEmail: string;
  ziplineAPIDistrictId: string;
  streetAddress: string;
  city: string;
  zip: string;
  county: string;
  isIncludedInCharterGroup?: boolean;
  isNdeLevelDistrict?: boolean;
  isStateSponsoredCharterAuthority?: boolean;
  contacts: readonly { name: string; email: string; phone: string; title: string }[];
  schools: readonly string[];
}

export const STATE_LEVEL_LEA_CODE = '00-0000-000';
export const DISTRICT_USER_LEA_CODE = '55-0101-000';

export const demoLeas: readonly DemoLea[] = [
  {
    leaCode: STATE_LEVEL_LEA_CODE,
    name: 'State Department of Education',
    leaType: 'District',
    contactEmail: 'sped.office@education.example',
    ziplineAPIDistrictId: '0000',
    streetAddress: '500 S 84th St',
    city: 'Lincoln',
    zip: '68510',
    county: 'Lancaster',
    isNdeLevelDistrict: true,
    contacts: [{ name: 'Dana Whitfield', email: 'dana.whitfield@education.example', phone: '402-555-0100', title: 'Special Education Director' }],
    schools: ['State Programs Office', 'Regional Early Intervention Services'],
  },
  {
    leaCode: DISTRICT_USER_LEA_CODE,
    name: 'Prairie View Public Schools',
    leaType: 'District',
    contactEmail: 'sped@prairieview.k12.example',
    ziplineAPIDistrictId: '0101',
    streetAddress: '5905 O St',
    city: 'Lincoln',
    zip: '68510',
    county: 'Lancaster',
    contacts: [
      { name: 'Marcus Ellison', email: 'marcus.ellison@prairieview.k12.example', phone: '402-555-0111', title: 'Special Education Coordinator' },
      { name: 'Renee Ostrowski', email: 'renee.ostrowski@prairieview.k12.example', phone: '402-555-0112', title: 'Data Manager' },
    ],
    schools: ['Prairie View High School', 'Prairie View Middle School', 'Meadowlark Elementary School', 'Cottonwood Elementary School'],
  },
  {
    leaCode: '28-0102-000',
    name: 'Riverbend Community Schools',
    leaType: 'District',
    contactEmail: 'studentservices@riverbend.k12.example',
    ziplineAPIDistrictId: '0102',
    streetAddress: '3215 Cuming St',
    city: 'Omaha',
    zip: '68131',
    county: 'Douglas',
    contacts: [{ name: 'Alicia Moreno', email: 'alicia.moreno@riverbend.k12.example', phone: '402-555-0121', title: 'Director of Student Services' }],
    schools: ['Riverbend High School', 'Riverbend Middle School', 'Lakeside Elementary School'],
  },
  {
    leaCode: '71-0103-000',
    name: 'Platte Valley Public Schools',
    leaType: 'District',
    contactEmail: 'office@plattevalley.k12.example',
    ziplineAPIDistrictId: '0103',
    streetAddress: '2508 27th St',
    city: 'Columbus',
    zip: '68601',
    county: 'Platte',
    contacts: [{ name: 'Gregory Han', email: 'gregory.han@plattevalley.k12.example', phone: '402-555-0131', title: 'Special Education Director' }],
    schools: ['Platte Valley High School', 'Platte Valley Elementary School'],
  },
  {
    leaCode: '56-0104-000',
    name: 'Sandhills Consolidated Schools',
    leaType: 'District',
    contactEmail: 'sped@sandhills.k12.example',
    ziplineAPIDistrictId: '0104',
    streetAddress: '301 W F St',
    city: 'North Platte',
    zip: '69101',
    county: 'Lincoln',
    contacts: [{ name: 'Theresa Lindqvist', email: 'theresa.lindqvist@sandhills.k12.example', phone: '308-555-0141', title: 'Special Education Coordinator' }],
    schools: ['Sandhills Junior-Senior High School', 'Sandhills Elementary School', 'Hershey Attendance Center'],
  },
  {
    leaCode: '40-0105-000',
    name: 'Twin Rivers Public Schools',
    leaType: 'District',
    contactEmail: 'specialeducation@twinrivers.k12.example',
    ziplineAPIDistrictId: '0105',
    streetAddress: '123 S Webb Rd',
    city: 'Grand Island',
    zip: '68803',
    county: 'Hall',
    contacts: [{ name: 'Luis Carranza', email: 'luis.carranza@twinrivers.k12.example', phone: '308-555-0151', title: 'Assistant Superintendent' }],
    schools: ['Twin Rivers Senior High School', 'Walnut Middle School', 'Starr Elementary School', 'Dodge Elementary School'],
  },
  {
    leaCode: '79-0106-000',
    name: 'Bluffs Area Schools',
    leaType: 'District',
    contactEmail: 'sped@bluffsarea.k12.example',
    ziplineAPIDistrictId: '0106',
    streetAddress: '2601 Broadway',
    city: 'Scottsbluff',
    zip: '69361',
    county: 'Scotts Bluff',
    contacts: [{ name: 'Hannah Yellow Horse', email: 'hannah.yellowhorse@bluffsarea.k12.example', phone: '308-555-0161', title: 'Special Education Director' }],
    schools: ['Bluffs Area High School', 'Bluffs Area Middle School'],
  },
  {
    leaCode: '59-0107-000',
    name: 'Elkhorn Ridge Public Schools',
    leaType: 'District',
    contactEmail: 'studentservices@elkhornridge.k12.example',
    ziplineAPIDistrictId: '0107',
    streetAddress: '512 Philip Ave',
    city: 'Norfolk',
    zip: '68701',
    county: 'Madison',
    contacts: [{ name: 'Peter Novak', email: 'peter.novak@elkhornridge.k12.example', phone: '402-555-0171', title: 'Student Services Coordinator' }],
    schools: ['Elkhorn Ridge High School', 'Elkhorn Ridge Middle School', 'Westside Elementary School'],
  },
  {
    leaCode: '10-0108-000',
    name: 'Kearney Plains Schools',
    leaType: 'District',
    contactEmail: 'sped@kearneyplains.k12.example',
    ziplineAPIDistrictId: '0108',
    streetAddress: '320 W 24th St',
    city: 'Kearney',
    zip: '68845',
    county: 'Buffalo',
    contacts: [{ name: 'Olivia Brandt', email: 'olivia.brandt@kearneyplains.k12.example', phone: '308-555-0181', title: 'Special Education Director' }],
    schools: ['Kearney Plains High School', 'Sunrise Middle School', 'Buffalo Hills Elementary School'],
  },
  {
    leaCode: '28-9001-000',
    name: 'Horizon Academy Charter',
    leaType: 'Charter',
    contactEmail: 'office@horizonacademy.example',
    ziplineAPIDistrictId: '9001',
    streetAddress: '1410 N 24th St',
    city: 'Omaha',
    zip: '68110',
    county: 'Douglas',
    isIncludedInCharterGroup: true,
    contacts: [{ name: 'Keisha Bramlett', email: 'keisha.bramlett@horizonacademy.example', phone: '402-555-0191', title: 'Head of School' }],
    schools: ['Horizon Academy Lower School', 'Horizon Academy Upper School'],
  },
  {
    leaCode: '55-9002-000',
    name: 'Pioneer STEM Charter School',
    leaType: 'Charter',
    contactEmail: 'info@pioneerstem.example',
    ziplineAPIDistrictId: '9002',
    streetAddress: '4100 Vine St',
    city: 'Lincoln',
    zip: '68503',
    county: 'Lancaster',
    isIncludedInCharterGroup: true,
    contacts: [{ name: 'Samuel Okafor', email: 'samuel.okafor@pioneerstem.example', phone: '402-555-0201', title: 'Director' }],
    schools: ['Pioneer STEM Middle School', 'Pioneer STEM High School'],
  },
  {
    leaCode: '77-9003-000',
    name: 'Great Plains Virtual Charter',
    leaType: 'Charter',
    contactEmail: 'enroll@greatplainsvirtual.example',
    ziplineAPIDistrictId: '9003',
    streetAddress: '1102 Galvin Rd S',
    city: 'Bellevue',
    zip: '68005',
    county: 'Sarpy',
    isStateSponsoredCharterAuthority: true,
    contacts: [{ name: 'Emily Tran', email: 'emily.tran@greatplainsvirtual.example', phone: '402-555-0211', title: 'Special Programs Lead' }],
    schools: ['Great Plains Virtual Elementary', 'Great Plains Virtual Secondary', 'Great Plains Virtual Learning Center'],
  },
];

export interface DemoMessage {
  message: string;
  openUrl: string | null;
  /** 0 New, 2 Viewed. */
  status: 0 | 2;
  hoursAgo: number;
}

export interface DemoSubscription {
  eventType: string;
  isEmail: boolean;
  isInApp: boolean;
  frequency: number;
  /** LEA codes, for types that have an LEA. */
  leaCodes: readonly string[];
}

export interface DemoUser {
  email: string;
  fullName: string;
  jobTitle: string;
  phoneNumber: string;
  roles: readonly string[];
  /** The user's home LEA, and every LEA they belong to. */
  leaCode: string | null;
  leaCodes: readonly string[];
  messages: readonly DemoMessage[];
  subscriptions: readonly DemoSubscription[];
}

export const demoUsers: readonly DemoUser[] = [
  {
    email: 'state.admin@demo.example',
    fullName: 'Avery State Admin',
    jobTitle: 'Portal Administrator',
    phoneNumber: '402-555-0101',
    roles: [ROLE.siteAdmin],
    leaCode: STATE_LEVEL_LEA_CODE,
    leaCodes: [STATE_LEVEL_LEA_CODE],
    messages: [
      { message: 'Three districts have not submitted their post-school outcomes student lists.', openUrl: '/post-school-outcomes/state-tracking', status: 0, hoursAgo: 2 },
      { message: 'A new dispute resolution request was submitted for Riverbend Community Schools.', openUrl: '/dispute-resolution', status: 0, hoursAgo: 20 },
      { message: 'Scheduled maintenance is planned for Saturday from 6:00 AM to 8:00 AM.', openUrl: null, status: 2, hoursAgo: 72 },
    ],
    subscriptions: [
      { eventType: 'System Announcements', isEmail: true, isInApp: true, frequency: 1, leaCodes: [] },
      { eventType: 'Dispute Request Submitted', isEmail: true, isInApp: true, frequency: 1, leaCodes: [] },
      { eventType: 'Restraint Violation Created', isEmail: false, isInApp: true, frequency: 2, leaCodes: [DISTRICT_USER_LEA_CODE, '28-0102-000'] },
    ],
  },
  {
    email: 'state.user@demo.example',
    fullName: 'Jordan State User',
    jobTitle: 'Education Program Specialist',
    phoneNumber: '402-555-0102',
    roles: [ROLE.stateUser],
    leaCode: STATE_LEVEL_LEA_CODE,
    leaCodes: [STATE_LEVEL_LEA_CODE],
    messages: [],
    subscriptions: [],
  },
  {
    email: 'district.user@demo.example',
    fullName: 'Riley District User',
    jobTitle: 'Special Education Teacher',
    phoneNumber: '402-555-0113',
    roles: [ROLE.localUser],
    leaCode: DISTRICT_USER_LEA_CODE,
    leaCodes: [DISTRICT_USER_LEA_CODE],
    messages: [
      { message: 'Entry scores are due for two children at Meadowlark Elementary School.', openUrl: '/child-search', status: 0, hoursAgo: 5 },
      { message: 'A corrective action plan for Prairie View High School is due in seven days.', openUrl: '/restraint-aversive-intervention', status: 0, hoursAgo: 30 },
      { message: 'Welcome to the Compliance Portal. Set your notification preferences to choose the emails you receive.', openUrl: '/notification-settings', status: 2, hoursAgo: 24 * 14 },
    ],
    subscriptions: [
      { eventType: 'System Announcements', isEmail: true, isInApp: true, frequency: 1, leaCodes: [] },
      { eventType: 'Early Childhood Scores Submitted', isEmail: true, isInApp: false, frequency: 2, leaCodes: [DISTRICT_USER_LEA_CODE] },
    ],
  },
  {
    email: 'vendor@demo.example',
    fullName: 'Morgan Survey Vendor',
    jobTitle: 'Survey Project Manager',
    phoneNumber: '402-555-0104',
    roles: [ROLE.psosVendor],
    leaCode: null,
    leaCodes: [],
    messages: [],
    subscriptions: [],
  },
  {
    email: 'dr.public@demo.example',
    fullName: 'Casey Public Parent',
    jobTitle: '',
    phoneNumber: '',
    roles: [ROLE.drPublicUser],
    leaCode: null,
    leaCodes: [],
    messages: [],
    subscriptions: [],
  },
];
