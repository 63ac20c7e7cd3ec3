/** The settings the SMS and upload providers read (a slice of the parsed environment). */
export interface ProviderSettings {
  DATABASE_URL?: string | undefined;
  SMS_PROVIDER?: 'outbox' | 'semaphore' | undefined;
  SEMAPHORE_API_KEY?: string | undefined;
  SEMAPHORE_SENDER_NAME?: string | undefined;
  SEMAPHORE_BASE_URL?: string | undefined;
  UPLOAD_STORE?: 'database' | 'disk' | 's3' | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  PAYMENT_PROVIDER?: 'sandbox' | 'xendit' | 'none' | undefined;
  XENDIT_SECRET_KEY?: string | undefined;
  XENDIT_CALLBACK_TOKEN?: string | undefined;
  XENDIT_BASE_URL?: string | undefined;
  PUBLIC_URL?: string | undefined;
}

/** Who sends SMS: as configured, else the outbox outside production and Semaphore in production. */
export function smsProviderName(settings: ProviderSettings, isProduction: boolean): 'outbox' | 'semaphore' {
  return settings.SMS_PROVIDER ?? (isProduction ? 'semaphore' : 'outbox');
}

/** Where uploads live: as configured, else the database when it is PostgreSQL and the disk otherwise. */
export function uploadStoreName(settings: ProviderSettings): 'database' | 'disk' | 's3' {
  return settings.UPLOAD_STORE ?? (settings.DATABASE_URL ? 'database' : 'disk');
}

/**
 * What keeps a provider from working, naming the settings to give. Production never falls back to
 * the outbox (a borrower would never get the code) nor to one machine's disk behind PostgreSQL
 * (another instance could not show the picture).
 */
export function missingProviderSettings(settings: ProviderSettings, isProduction: boolean): string[] {
  const problems: string[] = [];
  const sms = smsProviderName(settings, isProduction);
  if (isProduction && sms === 'outbox') {
    problems.push(
      'SMS_PROVIDER: the outbox only stores messages and is refused in production; set SMS_PROVIDER=semaphore',
    );
  }
  if (sms === 'semaphore') {
    const missing = (['SEMAPHORE_API_KEY', 'SEMAPHORE_SENDER_NAME'] as const).filter((key) => !settings[key]);
    if (missing.length > 0) problems.push(`SMS_PROVIDER=semaphore needs ${missing.join(' and ')}`);
    // The API key travels in every request: never in clear over the internet.
    if (isProduction && settings.SEMAPHORE_BASE_URL && !settings.SEMAPHORE_BASE_URL.startsWith('https://')) {
      problems.push('SEMAPHORE_BASE_URL: must be https:// in production (leave it unset for Semaphore itself)');
    }
  }
  problems.push(...missingPaymentSettings(settings, isProduction));
  const store = uploadStoreName(settings);
  if (store === 's3') {
    const keys = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const missing = keys.filter((key) => !settings[key]);
    if (missing.length > 0) problems.push(`UPLOAD_STORE=s3 needs ${missing.join(', ')}`);
    if (isProduction && settings.S3_ENDPOINT && !settings.S3_ENDPOINT.startsWith('https://')) {
      problems.push('S3_ENDPOINT: must be https:// in production');
    }
  }
  if (isProduction && settings.DATABASE_URL && store === 'disk') {
    problems.push(
      'UPLOAD_STORE: disk keeps uploads on one machine and is refused with DATABASE_URL in production; use database',
    );
  }
  return problems;
}

/** Who collects payments: as configured, else the sandbox outside production and Xendit in production. */
export function paymentProviderName(settings: ProviderSettings, isProduction: boolean): 'sandbox' | 'xendit' | 'none' {
  return settings.PAYMENT_PROVIDER ?? (isProduction ? 'xendit' : 'sandbox');
}

/**
 * Production collects through Xendit (spec 001 §2.5–§2.7): the sandbox settles without money and
 * 'none' leaves borrowers no way to pay, so both are refused there.
 */
function missingPaymentSettings(settings: ProviderSettings, isProduction: boolean): string[] {
  const problems: string[] = [];
  const provider = paymentProviderName(settings, isProduction);
  const xenditKeys = ['XENDIT_SECRET_KEY', 'XENDIT_CALLBACK_TOKEN', 'PUBLIC_URL'] as const;
  if (isProduction && provider === 'sandbox') {
    problems.push(
      'PAYMENT_PROVIDER: the sandbox settles payments without money and is refused in production; set PAYMENT_PROVIDER=xendit',
    );
  }
  if (isProduction && provider === 'none') {
    problems.push(
      `PAYMENT_PROVIDER: 'none' leaves borrowers no way to pay and is refused in production; set PAYMENT_PROVIDER=xendit with ${xenditKeys.join(', ')}`,
    );
  }
  if (provider === 'xendit') {
    const missing = xenditKeys.filter((key) => !settings[key]);
    if (missing.length > 0) problems.push(`PAYMENT_PROVIDER=xendit needs ${missing.join(', ')}`);
    if (isProduction && settings.XENDIT_BASE_URL && !settings.XENDIT_BASE_URL.startsWith('https://')) {
      problems.push('XENDIT_BASE_URL: must be https:// in production (leave it unset for Xendit itself)');
    }
    if (isProduction && settings.PUBLIC_URL && !settings.PUBLIC_URL.startsWith('https://')) {
      problems.push('PUBLIC_URL: must be https:// in production (the e-wallet checkout returns the borrower there)');
    }
  }
  return problems;
}
