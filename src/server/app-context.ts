import type { Config } from './config';
import type { Db } from './db/client';
import type { RateClock } from './features/abuse/rate-limiter';
import type { OtpService } from './features/auth/otp-service';
import type { SmsProvider } from './providers/sms/sms-provider';

/** What every feature's routes receive: built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  sms: SmsProvider;
  otp: OtpService;
  /** The rate limits' clock; unset, the database's (see RateClock). */
  rateClock?: RateClock;
}
