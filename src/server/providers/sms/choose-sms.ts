import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { smsProviderName } from '../provider-settings';
import type { SemaphoreOptions } from './semaphore-client';
import { outboxSmsProvider, semaphoreSmsProvider, type SmsProvider } from './sms-provider';

/** Semaphore's settings when configuration chose it; loadConfig has already refused missing ones. */
export function semaphoreSettings(config: Config): SemaphoreOptions | null {
  if (smsProviderName(config, config.isProduction) !== 'semaphore') return null;
  const { SEMAPHORE_API_KEY: apiKey, SEMAPHORE_SENDER_NAME: senderName } = config;
  if (!apiKey || !senderName)
    throw new Error('SMS_PROVIDER=semaphore needs SEMAPHORE_API_KEY and SEMAPHORE_SENDER_NAME');
  return { apiKey, senderName, baseUrl: config.SEMAPHORE_BASE_URL };
}

/** The SMS provider configuration chose. */
export function chooseSmsProvider(config: Config, db: Db, log: FastifyBaseLogger): SmsProvider {
  const semaphore = semaphoreSettings(config);
  return semaphore ? semaphoreSmsProvider(db, log, semaphore) : outboxSmsProvider(db, log);
}
