/** Why a share link could not be opened. */
export type ShareLinkProblem = 'damaged' | 'newer' | 'too-large' | 'limit';

/** What the learner reads for each problem: plain words and what to do, never a decoder's message. */
const MESSAGES: Record<ShareLinkProblem, string> = {
  damaged:
    'This share link is damaged: part of it is missing or changed, which happens when a link is cut short or altered while it is copied. Ask the sender for the link again.',
  newer:
    'This share link was made by a newer version of the playground. Reload the page to get the newest version, then open the link again.',
  'too-large': 'This share link holds a program too large for the playground to open. Ask the sender to share a smaller program.',
  limit: 'This share link is intact, but its program goes past a limit of the playground:',
};

/** How to go on after a `limit` refusal, after the limit it names. */
const LIMIT_ADVICE = 'Ask the sender to share a program within the limits.';

/** Options of a ShareLinkError: for `limit`, the limit the program breaks, in the learner's words. */
interface ShareLinkErrorOptions extends ErrorOptions {
  limit?: string;
}

/** A share link that cannot be opened; `message` is for the learner, `cause` (if any) for debugging. */
export class ShareLinkError extends Error {
  constructor(
    /** Which problem the link has. */
    readonly problem: ShareLinkProblem,
    options?: ShareLinkErrorOptions,
  ) {
    super(problem === 'limit' ? `${MESSAGES.limit} ${options?.limit ?? ''} ${LIMIT_ADVICE}` : MESSAGES[problem], options);
    this.name = 'ShareLinkError';
  }
}
