import { afterAll, describe, expect, it } from 'vitest';
import { checkPayoutChannels } from './payout-channels-check';
import { xenditClient } from './xendit-client';
import { FAKE_SECRET_KEY, startFakeXendit } from './xendit-fake';

const fake = await startFakeXendit();
afterAll(() => fake.close());
const client = xenditClient({ secretKey: FAKE_SECRET_KEY, baseUrl: fake.url });

describe('providers:check: the payout channels we offer are ones the Xendit account pays to', () => {
  it('every one of ours is offered: nothing missing', async () => {
    const check = await checkPayoutChannels(client);
    expect(check.missing).toEqual([]);
    expect(check.offered.find((c) => c.ours === 'GCASH')).toMatchObject({ code: 'PH_GCASH', maximum: 100_000 });
  });

  it('a bank the account does not offer is named, with its Xendit code', async () => {
    const kept = fake.payoutChannels.splice(0);
    fake.payoutChannels.push(...kept.filter((c) => c.channel_code !== 'PH_DBP'));
    try {
      expect((await checkPayoutChannels(client)).missing).toEqual([{ ours: 'DBP', code: 'PH_DBP' }]);
    } finally {
      fake.payoutChannels.splice(0, fake.payoutChannels.length, ...kept);
    }
  });
});
