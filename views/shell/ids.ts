// Element ids the shell's parts find each other by (skip links, the drawer, Escape cycling).
export const CONTENT_ID = 'main-content';
export const MAIN_MENU_ID = 'main-menu';
export const TOOLBAR_ID = 'app-toolbar';
export const SHELL_ID = 'app-shell';
/** Matches styles/portal/_breakpoints.scss: handset is up to 560 px. */
export const HANDSET_QUERY = '(width <= 560px)';
