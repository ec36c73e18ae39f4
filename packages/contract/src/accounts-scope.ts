// The subsidiary scope value, without the account schemas: the web app's entry chunk (session)
// needs it on every page, and zod has no place there (issue 38 §3).

/** The value of x-subsidiary-id meaning "All Subsidiaries" (owner and admin only). */
export const ALL_SUBSIDIARIES = 'all';
