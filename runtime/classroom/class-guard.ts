import { HttpException } from 'halo';
import { identify, type ClassSecrets, type Identity } from './class-identity.ts';
import type { ClassCredentials } from './class-protocol.ts';
import { PerKeyRateLimit } from './per-key-rate-limit.ts';

/** The limits that keep one learner, one device or one stranger from closing the class for the others. */
export interface ClassLimits {
  /** Calls per minute of one sharing learner, and of one address not sharing yet (joining). */
  callsPerMinute: number;
  /** Wrong class codes, teacher keys or learner secrets per minute from one address; then 429 until the minute ends. */
  guessesPerMinute: number;
  /** Learners sharing at once from one address. */
  learnersPerAddress: number;
  /** Learners sharing at once in the class. */
  maxLearners: number;
  /** WebSockets one learner holds open at once (their tabs); one more is closed with 4429. */
  socketsPerLearner: number;
  /** WebSockets one address holds open at once, learners and those not sharing yet together; one more is closed with 4429. */
  socketsPerAddress: number;
  /** Addresses no per-address limit applies to: the teacher's own machine (loopback) by default. */
  trustedAddresses: readonly string[];
}

/** The limits a class has unless told otherwise (each has a flag of `npm run classroom`). */
export const DEFAULT_CLASS_LIMITS: ClassLimits = {
  callsPerMinute: 120,
  guessesPerMinute: 20,
  learnersPerAddress: 3,
  maxLearners: 300,
  socketsPerLearner: 5,
  socketsPerAddress: 20,
  trustedAddresses: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
};

/** A 429 saying how long to wait, in its message and (over REST) its `retry-after` header. */
export class TooManyCalls extends HttpException {
  /** `message`, and the seconds a client should wait before it tries again. */
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ statusCode: 429, message: `${message} Try again in ${retryAfterSeconds} s.` });
  }
}

/**
 * Who calls, within the class's limits: identifies credentials (a wrong one counts as a guess of its address,
 * and an address out of guesses is refused before its credentials are even looked at), then counts the call
 * against the learner's budget or, for anyone not sharing yet, their address's.
 */
export class ClassGuard {
  private readonly guesses: PerKeyRateLimit;
  private readonly learnerCalls: PerKeyRateLimit;
  private readonly addressCalls: PerKeyRateLimit;

  /** A guard for the class of `secrets` with `limits`. */
  constructor(
    private readonly secrets: ClassSecrets,
    readonly limits: ClassLimits,
  ) {
    this.guesses = new PerKeyRateLimit(limits.guessesPerMinute, 60_000);
    this.learnerCalls = new PerKeyRateLimit(limits.callsPerMinute, 60_000);
    this.addressCalls = new PerKeyRateLimit(limits.callsPerMinute, 60_000);
  }

  /** Whether per-address limits apply to `address`. */
  limited(address: string): boolean {
    return !this.limits.trustedAddresses.includes(address);
  }

  /** Who `credentials` name, from `address`; a wrong one is a guess (403, or 429 once the address has guessed too often). */
  identify(credentials: ClassCredentials, address: string): Identity {
    if (Object.keys(credentials).length === 0) return { role: 'anonymous' };
    this.refuseGuessing(address);
    try {
      return identify(credentials, this.secrets);
    } catch (error) {
      this.countGuess(address);
      throw error;
    }
  }

  /** Counts a wrong guess of `address` (a wrong class code looked up by anyone); 429 once it has guessed too often. */
  countGuess(address: string): void {
    if (this.limited(address) && !this.guesses.take(address))
      throw new TooManyCalls('Too many wrong class codes or keys from your address.', this.guesses.waitSeconds(address));
  }

  /** 429 while `address` is out of guesses. */
  refuseGuessing(address: string): void {
    if (this.limited(address) && this.guesses.exhausted(address))
      throw new TooManyCalls('Too many wrong class codes or keys from your address.', this.guesses.waitSeconds(address));
  }

  /** Counts one call of `identity` from `address`; 429 past its budget. The teacher is never limited. */
  countCall(identity: Identity, address: string): void {
    if (identity.role === 'teacher') return;
    if (identity.role === 'learner') {
      if (!this.learnerCalls.take(identity.learnerId))
        throw new TooManyCalls('Too many calls: wait a minute.', this.learnerCalls.waitSeconds(identity.learnerId));
      return;
    }
    if (this.limited(address) && !this.addressCalls.take(address))
      throw new TooManyCalls('Too many calls from your address: wait a minute.', this.addressCalls.waitSeconds(address));
  }
}
