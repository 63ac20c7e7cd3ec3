import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComplaintOrder } from '../../../../shared/contracts/complaints';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { ComplaintDetailsPage } from './complaint-details-page';
import { ComplaintListPage } from './complaint-list-page';
import { ComplaintNextPage } from './complaint-next-page';
import { ComplaintStartPage } from './complaint-start-page';

function order(overrides: Partial<ComplaintOrder> = {}): ComplaintOrder {
  return {
    orderId: 86,
    orderNo: 'HRM00000086',
    productLogo: '/logo.png',
    productName: 'Hiram Flex',
    status: 174,
    list: [
      { title: 'Order number', value: 'HRM00000086' },
      { title: 'Loan amount', value: '₱5,000.00' },
    ],
    isShow: 1,
    ...overrides,
  };
}

const types = [
  { value: 1, label: 'Collection complaint' },
  { value: 2, label: 'Repayment issue' },
  { value: 4, label: 'Suggestions' },
];
const subTypes = [
  { value: 101, label: 'Rude or threatening language' },
  { value: 102, label: 'Contacted my family or contacts' },
];

const init = (detail: ComplaintOrder | null, list: ComplaintOrder[] = detail ? [detail] : []) =>
  envelope({ problemType: types, problemSonType: subTypes, orderDetail: detail, orderList: list }, '00');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('complaint start (spec 000 §2, §4, §5)', () => {
  it('spec 000 §2: My complaints link, the order card and the types; a type other than 1 goes straight to next', async () => {
    mockApi({ '/user-problem/problem-init': init(order()) });
    renderPage(<ComplaintStartPage />, { route: '/complaint' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Online service' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'My complaints' }).getAttribute('href')).toBe('/complaintList');
    const card = await screen.findByTestId('complaint-order');
    expect(within(card).getByText('Hiram Flex')).toBeDefined();
    expect(within(card).getByText('₱5,000.00')).toBeDefined();
    expect(screen.queryByTestId('complaint-sub-types')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Suggestions' }));
    expect(screen.getByTestId('location').textContent).toBe('/complainPageNext?problemType=4&orderId=86');
  });

  it('spec 000 §2: sub-types show only for type 1, and a sub-type goes to next carrying it', async () => {
    mockApi({ '/user-problem/problem-init': init(order()) });
    renderPage(<ComplaintStartPage />, { route: '/complaint' });
    fireEvent.click(await screen.findByRole('button', { name: 'Collection complaint' }));
    const subs = screen.getByTestId('complaint-sub-types');
    fireEvent.click(within(subs).getByRole('button', { name: 'Contacted my family or contacts' }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/complainPageNext?problemType=1&problemSonType=102&orderId=86',
    );
  });

  it("spec 000 §5: a collection complaint is refused when the order's isShow is not 1", async () => {
    mockApi({ '/user-problem/problem-init': init(order({ status: 170, isShow: 0 })) });
    renderPage(<ComplaintStartPage />, { route: '/complaint' });
    fireEvent.click(await screen.findByRole('button', { name: 'Collection complaint' }));
    expect(
      (await screen.findAllByText(/Collection complaints can only be filed for a loan that is due or overdue/)).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByTestId('complaint-sub-types')).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('spec 000 §2: All switches the order; problem-init is asked again with that orderId', async () => {
    const other = order({ orderId: 83, orderNo: 'HRM00000083', productName: 'Hiram Cash', status: 170, isShow: 0 });
    const seen = mockApi({
      '/user-problem/problem-init': (req) =>
        new URLSearchParams(req.body).get('orderId') === '83'
          ? init(other, [order(), other])
          : init(order(), [order(), other]),
    });
    renderPage(<ComplaintStartPage />, { route: '/complaint' });
    fireEvent.click(await screen.findByTestId('complaint-all-orders'));
    fireEvent.click(await screen.findByRole('button', { name: /Hiram Cash/ }));
    await waitFor(() => expect(within(screen.getByTestId('complaint-order')).getByText('Hiram Cash')).toBeDefined());
    expect(seen.map((r) => r.body)).toEqual(['', 'orderId=83']);
  });

  it('a borrower without orders can still choose the other types', async () => {
    mockApi({ '/user-problem/problem-init': init(null) });
    renderPage(<ComplaintStartPage />, { route: '/complaint' });
    expect(await screen.findByText(/You have no loan orders/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Repayment issue' }));
    expect(screen.getByTestId('location').textContent).toBe('/complainPageNext?problemType=2');
  });
});

describe('complaint next (spec 000 §2, §4, §5)', () => {
  const route = '/complainPageNext?problemType=1&problemSonType=101&orderId=86';

  it('spec 000 §2: the type and sub-type tags, the footer promise and an empty counter', async () => {
    mockApi({ '/user-problem/problem-init': init(order()) });
    renderPage(<ComplaintNextPage />, { route });
    const tags = await screen.findByTestId('complaint-tags');
    expect(within(tags).getByText('Collection complaint')).toBeDefined();
    expect(within(tags).getByText('Rude or threatening language')).toBeDefined();
    expect(screen.getByTestId('complaint-count').textContent).toBe('0/200');
    expect(screen.getByText('We will reply within 3 working days')).toBeDefined();
  });

  it('spec 000 §5: the counter shows n/200 and input beyond 200 characters is ignored', async () => {
    mockApi({ '/user-problem/problem-init': init(order()) });
    renderPage(<ComplaintNextPage />, { route });
    const box = (await screen.findByLabelText('Describe the problem')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello' } });
    expect(screen.getByTestId('complaint-count').textContent).toBe('5/200');
    fireEvent.change(box, { target: { value: 'x'.repeat(250) } });
    expect(box.value).toHaveLength(200);
    expect(screen.getByTestId('complaint-count').textContent).toBe('200/200');
    fireEvent.change(box, { target: { value: `${'y'.repeat(199)}😀` } });
    expect(box.value).toBe('y'.repeat(199));
  });

  it('spec 000 §5: Send with no text says "Please fill in your comments and suggestions" and sends nothing', async () => {
    const seen = mockApi({ '/user-problem/problem-init': init(order()) });
    renderPage(<ComplaintNextPage />, { route });
    fireEvent.change(await screen.findByLabelText('Describe the problem'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('complaint-send'));
    expect((await screen.findAllByText('Please fill in your comments and suggestions')).length).toBeGreaterThan(0);
    expect(seen.some((r) => r.url.pathname.endsWith('/problem-save'))).toBe(false);
  });

  it('spec 000 §4, §9: Send posts the complaint and shows "Successfully Sent" with the ticket number and the reply-by date, and stays', async () => {
    const seen = mockApi({
      '/user-problem/problem-init': init(order()),
      '/user-problem/problem-save': envelope({ problemId: 9, ticketNo: 'TKT00000009', replyBy: '2026-12-02' }, '00'),
    });
    renderPage(<ComplaintNextPage />, { route });
    fireEvent.change(await screen.findByLabelText('Describe the problem'), {
      target: { value: ' The agent shouted at me. ' },
    });
    fireEvent.click(screen.getByTestId('complaint-send'));
    const modal = await screen.findByTestId('complaint-sent');
    expect(within(modal).getByText('Successfully Sent')).toBeDefined();
    expect(within(modal).getByText(/Thank you for your feedback/)).toBeDefined();
    const save = seen.find((r) => r.url.pathname.endsWith('/problem-save'));
    expect(Object.fromEntries(new URLSearchParams(save?.body))).toEqual({
      problemType: '1',
      problemSonType: '101',
      problemDetail: 'The agent shouted at me.',
      problemImage: '',
      orderNo: 'HRM00000086',
    });
    expect(within(modal).getByTestId('complaint-sent-ticket').textContent).toBe('TKT00000009');
    expect(within(modal).getByTestId('complaint-sent-reply-by').textContent).toBe('2 Dec 2026');
    // No return to an empty start form: the borrower leaves when ready, to the ticket or the list.
    await new Promise((r) => setTimeout(r, 1_700));
    expect(screen.queryByTestId('location')).toBeNull();
    fireEvent.click(within(modal).getByTestId('complaint-sent-open'));
    expect(screen.getByTestId('location').textContent).toBe('/complainDetails?problemId=9');
  });

  it('spec 000 §8: a refused complaint shows the server message and stays on the page', async () => {
    mockApi({
      '/user-problem/problem-init': init(order()),
      '/user-problem/problem-save': envelope(
        null,
        42230,
        'Collection complaints can only be filed for a loan that is due or overdue',
        422,
      ),
    });
    renderPage(<ComplaintNextPage />, { route });
    fireEvent.change(await screen.findByLabelText('Describe the problem'), { target: { value: 'Rude agent' } });
    fireEvent.click(screen.getByTestId('complaint-send'));
    expect((await screen.findAllByText(/can only be filed for a loan that is due/)).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('complaint-sent')).toBeNull();
  });
});

describe('complaint list (spec 000 §2)', () => {
  it("spec 000 §2: the server's tabs; rows with time, type and content open the details", async () => {
    mockApi({
      '/user-problem/problem-list': envelope(
        {
          tabs: [
            {
              title: 'Processing',
              status: 0,
              list: [{ id: 7, time: '2025-05-01T02:03:04Z', type: 'Suggestions', content: 'Add Maya' }],
            },
            { title: 'Replied', status: 1, list: [] },
          ],
        },
        '00',
      ),
    });
    renderPage(<ComplaintListPage />, { route: '/complaintList' });
    expect(await screen.findByRole('tab', { name: 'Processing' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Replied' })).toBeDefined();
    const row = screen.getByTestId('complaint-row');
    expect(row.textContent).toContain('1 May 2025, 10:03');
    expect(row.textContent).toContain('Suggestions');
    expect(row.textContent).toContain('Add Maya');
    fireEvent.click(row);
    expect(screen.getByTestId('location').textContent).toBe('/complainDetails?problemId=7');
  });

  it('a new complaint starts from the list, so "My complaints" is not a dead end', async () => {
    mockApi({ '/user-problem/problem-list': envelope({ tabs: [{ title: 'Processing', status: 0, list: [] }] }, '00') });
    renderPage(<ComplaintListPage />, { route: '/complaintList' });
    fireEvent.click(await screen.findByRole('link', { name: 'New complaint' }));
    expect(screen.getByTestId('location').textContent).toBe('/complaint');
  });
});

describe('complaint details (spec 000 §2, §4)', () => {
  const detail = {
    problemId: 7,
    ticketNo: 'TKT00000007',
    type: 'Collection complaint',
    sonType: 'Rude or threatening language',
    content: 'The agent shouted at me.',
    images: [],
    orderNo: 'HRM00000086',
    time: '2025-05-01T02:03:04Z',
    disposeDetail: '',
    disposeImages: [],
    repliedAt: null,
    status: 0,
    replyBy: '2025-05-06',
    isNeedScore: 0,
    score: null,
    followUps: [] as { author: 'staff' | 'borrower'; body: string; images: string[]; time: string }[],
    canAnswer: 0,
  };

  it('spec 000 §2: read-only type, sub-type and content; no Process Result without a reply; no rating', async () => {
    mockApi({ '/user-problem/problem-detail': envelope(detail, '00') });
    renderPage(<ComplaintDetailsPage ratingDelayMs={10} />, { route: '/complainDetails?problemId=7' });
    const card = await screen.findByTestId('complaint-detail');
    // The ticket number the borrower quotes to customer service.
    expect(within(card).getByTestId('complaint-ticket').textContent).toBe('TKT00000007');
    expect(within(card).getByText('Ticket number')).toBeDefined();
    // spec 000 §9: the status and, while open, the day a reply is promised by.
    expect(within(card).getByTestId('complaint-status').textContent).toBe('Being handled');
    expect(within(card).getByTestId('complaint-reply-by').textContent).toBe('6 May 2025');
    expect(within(card).getByText('Collection complaint')).toBeDefined();
    expect(within(card).getByText('Rude or threatening language')).toBeDefined();
    expect(within(card).getByText('The agent shouted at me.')).toBeDefined();
    expect(screen.queryByTestId('process-result')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Please rate this service')).toBeNull();
  });

  it('spec 000 §4: the rating dialog appears after the delay; Cancel closes it without sending', async () => {
    const replied = {
      ...detail,
      disposeDetail: 'We spoke to the agency.',
      repliedAt: '2025-05-02T02:00:00Z',
      isNeedScore: 1,
    };
    let rated = false;
    const seen = mockApi({
      '/user-problem/problem-detail': () => envelope(rated ? { ...replied, isNeedScore: 0, score: 4 } : replied, '00'),
      '/user-problem/save-score': () => {
        rated = true;
        return envelope({ problemId: 7, score: 4 }, '00');
      },
    });
    renderPage(<ComplaintDetailsPage ratingDelayMs={30} />, { route: '/complainDetails?problemId=7' });
    const result = await screen.findByTestId('process-result');
    expect(within(result).getByText('Process Result')).toBeDefined();
    expect(within(result).getByText('We spoke to the agency.')).toBeDefined();
    expect(screen.queryByText('Please rate this service')).toBeNull();
    expect(await screen.findByText('Please rate this service')).toBeDefined();
    const stars = () => within(screen.getByTestId('rating-stars')).getAllByRole('radio') as HTMLInputElement[];
    expect(stars()).toHaveLength(5);
    fireEvent.click(screen.getByRole('radio', { name: '2 of 5 stars' }));
    expect(stars().map((s) => s.checked)).toEqual([false, true, false, false, false]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(screen.queryByText('Please rate this service')).toBeNull());
    expect(seen.some((r) => r.url.pathname.endsWith('/save-score'))).toBe(false);
  });

  it('spec 000 §4: Send posts the chosen score, closes and thanks', async () => {
    const replied = { ...detail, disposeDetail: 'Done.', repliedAt: '2025-05-02T02:00:00Z', isNeedScore: 1 };
    let rated = false;
    const seen = mockApi({
      '/user-problem/problem-detail': () => envelope(rated ? { ...replied, isNeedScore: 0, score: 4 } : replied, '00'),
      '/user-problem/save-score': () => {
        rated = true;
        return envelope({ problemId: 7, score: 4 }, '00');
      },
    });
    renderPage(<ComplaintDetailsPage ratingDelayMs={10} />, { route: '/complainDetails?problemId=7' });
    await screen.findByText('Please rate this service');
    fireEvent.click(screen.getByRole('radio', { name: '4 of 5 stars' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect((await screen.findAllByText('Thank you for rating our service!')).length).toBeGreaterThan(0);
    const post = seen.find((r) => r.url.pathname.endsWith('/save-score'));
    expect(Object.fromEntries(new URLSearchParams(post?.body))).toEqual({ score: '4', problemId: '7' });
    await waitFor(() => expect(screen.queryByText('Please rate this service')).toBeNull());
    expect(await screen.findByText('Your rating: 4 of 5')).toBeDefined();
  });

  it('answering a reply reopens the complaint: the answer is required at the field, then sent and shown', async () => {
    const replied = {
      ...detail,
      disposeDetail: 'We spoke to the agency.',
      repliedAt: '2025-05-02T02:00:00Z',
      status: 1,
    };
    const reopened = {
      ...detail,
      replyBy: '2025-05-09',
      followUps: [
        { author: 'staff' as const, body: 'We spoke to the agency.', images: [], time: '2025-05-02T02:00:00Z' },
        { author: 'borrower' as const, body: 'They called again today.', images: [], time: '2025-05-05T02:00:00Z' },
      ],
    };
    let answered = false;
    const seen = mockApi({
      '/user-problem/problem-detail': () => envelope(answered ? reopened : { ...replied, canAnswer: 1 }, '00'),
      '/user-problem/problem-follow-up': () => {
        answered = true;
        return envelope({ problemId: 7, status: 0, replyBy: '2025-05-09' }, '00');
      },
    });
    renderPage(<ComplaintDetailsPage ratingDelayMs={10} />, { route: '/complainDetails?problemId=7' });
    // Where to take it beyond us is always shown, with the SEC's page.
    const escalation = await screen.findByTestId('complaint-escalation');
    expect(escalation.textContent).toContain('TKT00000007');
    expect(within(escalation).getByRole('link').getAttribute('href')).toMatch(/^https:\/\/www\.sec\.gov\.ph\//);

    const send = await screen.findByRole('button', { name: 'Send answer and reopen' });
    await act(async () => fireEvent.click(send));
    const field = screen.getByLabelText('Your answer');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByTestId('complaint-answer')).getByRole('alert').textContent).toBe(
      'Please write your answer first',
    );
    expect(seen.some((r) => r.url.pathname.endsWith('/problem-follow-up'))).toBe(false);

    fireEvent.change(field, { target: { value: 'They called again today.' } });
    await act(async () => fireEvent.click(send));
    const post = seen.find((r) => r.url.pathname.endsWith('/problem-follow-up'));
    expect(Object.fromEntries(new URLSearchParams(post?.body))).toEqual({
      problemId: '7',
      problemDetail: 'They called again today.',
    });
    expect(
      (await screen.findAllByText('Your complaint is open again. We will reply by 9 May 2025.')).length,
    ).toBeGreaterThan(0);
    const thread = await screen.findByTestId('complaint-conversation');
    expect(within(thread).getByText('They called again today.')).toBeDefined();
    expect(screen.getByTestId('complaint-status').textContent).toBe('Being handled');
    expect(screen.queryByTestId('complaint-answer')).toBeNull();
  });
});
