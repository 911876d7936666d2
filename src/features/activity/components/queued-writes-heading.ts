/** The id of the queued writes' heading: a queued calendar entry moves the focus there. */
export const QUEUED_WRITES_HEADING_ID = 'queued-writes-heading';
