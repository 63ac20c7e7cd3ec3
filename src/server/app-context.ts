import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { RateClock } from './abuse/rate-limiter';
import type { OtpService } from './identity/otp-service';
import type { Payments } from './providers/payment/payment-setup';
import type { SmsProvider } from './providers/sms/sms-provider';
import type { ImageStorage } from './providers/storage/image-storage';

/** What every feature's routes receive: built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  sms: SmsProvider;
  /** Where uploads are kept (the database with PostgreSQL, a folder for the embedded default). */
  storage: ImageStorage;
  otp: OtpService;
  /** The time every money action reads (injected in tests). */
  clock: Clock;
  /** The payment provider configuration chose (the sandbox outside production). */
  payments: Payments;
  /** The rate limits' clock; unset, the database's (see RateClock). */
  rateClock?: RateClock;
  /** How a slowed staff sign-in waits; unset, a timer. */
  signInWait?: (ms: number) => Promise<void>;
}
