import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { smsProviderName } from '../provider-settings';
import { outboxSmsProvider, semaphoreSmsProvider, type SmsProvider } from './sms-provider';

/** The SMS provider configuration chose; loadConfig has already refused a missing setting. */
export function chooseSmsProvider(config: Config, db: Db, log: FastifyBaseLogger): SmsProvider {
  if (smsProviderName(config, config.isProduction) === 'outbox') return outboxSmsProvider(db, log);
  const { SEMAPHORE_API_KEY: apiKey, SEMAPHORE_SENDER_NAME: senderName } = config;
  if (!apiKey || !senderName) throw new Error('SMS_PROVIDER=semaphore needs SEMAPHORE_API_KEY and SEMAPHORE_SENDER_NAME');
  return semaphoreSmsProvider(db, log, { apiKey, senderName, baseUrl: config.SEMAPHORE_BASE_URL });
}
