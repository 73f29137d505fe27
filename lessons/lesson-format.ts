/** The lesson check format, re-exported where a course's `checks.ts` files import it from. */
export * from '../runtime/checks/check-format.ts';
