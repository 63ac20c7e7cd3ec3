import { desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { picture, uploadFile } from '../../test/complaint-support';

type Headers = Record<string, string>;

/** GET a call as these headers; the envelope. */
export async function getCall(t: TestApp, url: string, headers: Headers) {
  return (await t.app.inject({ method: 'GET', url: `/owner${url}`, headers })).json();
}

/** POST a form as these headers; the envelope. */
export async function postCall(t: TestApp, url: string, headers: Headers, body: Record<string, string> = {}) {
  return (
    await t.app.inject({
      method: 'POST',
      url: `/owner${url}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    })
  ).json();
}

/** An identity picture uploaded by the borrower through the application's own call; its address. */
export async function identityPicture(t: TestApp, headers: Headers): Promise<string> {
  const res = await uploadFile(t, headers, await picture(), {
    url: '/owner/v3/application/upload-photo',
    field: 'photo',
  });
  if (res.status !== 200 || !res.body.data?.url) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.data.url as string;
}

/** The texts sent to a phone, newest first. */
export async function textsTo(t: TestApp, phone: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id));
  return rows.map((r) => r.body);
}
