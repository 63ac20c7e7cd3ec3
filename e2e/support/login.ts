/** Reads the newest SMS code for a phone from the development outbox (architecture.md: Sessions). */
export async function latestSmsCodeAt(base: string, phone: string): Promise<string> {
  const res = await fetch(`${base}/owner/dev/sms-outbox?phone=${phone}`);
  const body = (await res.json()) as { data: { messages: { body: string }[] } };
  // The newest code message: the borrower's other messages (approval, receipts) share the outbox.
  const message = body.data.messages.find((m) => /\d{6} is your .* code/.test(m.body)) ?? body.data.messages[0];
  const code = /\d{6}/.exec(message?.body ?? '')?.[0];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

export interface TestSession {
  sessionId: string;
  userId: string;
}

/** Signs in through the API (the real login path) and returns the session. */
export async function loginAt(base: string, phone: string): Promise<TestSession> {
  const form = (data: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(data).toString(),
  });
  const sent = (await (await fetch(`${base}/owner/v3/auth/send-login-code`, form({ phone }))).json()) as {
    code: number;
  };
  if (sent.code !== 0) throw new Error(`send-login-code answered ${sent.code}`);
  const smsCode = await latestSmsCodeAt(base, phone);
  const res = (await (await fetch(`${base}/owner/v3/auth/login`, form({ phone, smsCode }))).json()) as {
    data: TestSession;
  };
  return res.data;
}
