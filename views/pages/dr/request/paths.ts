// The Create Request wizard's address (DR spec §2), shared by the router and its pages.
export const WIZARD_PATH = '/dispute-resolution/request';
