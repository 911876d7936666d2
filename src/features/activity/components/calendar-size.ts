/** The month grid's height, on a desktop and on a phone: the grid, and the place kept for it before it is drawn. */
export const CALENDAR_HEIGHT = 800;
export const CALENDAR_HEIGHT_PHONE = 640;

/** A phone's grid (compact day headers, its own height). */
export const COMPACT_CALENDAR_QUERY = '(max-width: 48em)';
