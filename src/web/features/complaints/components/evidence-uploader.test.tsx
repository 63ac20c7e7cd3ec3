import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, type MockReply, mockApi } from '../../../test/fetch-mock';
import { type Evidence, EvidenceUploader } from './evidence-uploader';

afterEach(() => vi.unstubAllGlobals());

let latest: Evidence[] = [];
function Harness({ initial = [] }: { initial?: Evidence[] }) {
  const [items, setItems] = useState<Evidence[]>(initial);
  latest = items;
  return <EvidenceUploader value={items} onChange={setItems} onPendingChange={() => {}} />;
}

const file = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;

async function add(...files: File[]) {
  await act(async () => {
    fireEvent.change(input(), { target: { files } });
  });
}

describe('evidence uploader (spec 000 §2, §4, §5)', () => {
  it("spec 000 §4: each picture is uploaded as soon as it is added; 'Upload succeeded!'", async () => {
    let n = 0;
    const seen = mockApi({
      '/user-problem/upload-problem-img': () =>
        envelope({ url: `/owner/files/${String(++n).padStart(22, 'a')}.jpg` }, '00'),
    });
    render(<Harness />);
    expect(input().accept).toBe('image/jpeg,image/png,image/webp');
    await add(file('a.jpg'), file('b.jpg'));
    await waitFor(() => expect(latest).toHaveLength(2));
    expect(seen.filter((r) => r.url.pathname.endsWith('/upload-problem-img'))).toHaveLength(2);
    expect(latest.map((e) => e.extra.serverUrl).sort()).toEqual([
      `/owner/files/${'1'.padStart(22, 'a')}.jpg`,
      `/owner/files/${'2'.padStart(22, 'a')}.jpg`,
    ]);
    expect((await screen.findAllByText('Upload succeeded!')).length).toBeGreaterThan(0);
  });

  it('spec 000 §8: a refused picture shows the server message and is not added', async () => {
    mockApi({
      '/user-problem/upload-problem-img': envelope(null, 41500, 'Please upload a JPEG, PNG or WebP picture', 415),
    });
    render(<Harness />);
    await add(file('evil.jpg'));
    expect((await screen.findAllByText('Please upload a JPEG, PNG or WebP picture')).length).toBeGreaterThan(0);
    expect(latest).toHaveLength(0);
    // No tile is left for it, failed or uploading; the + tile is still there.
    await waitFor(() => expect(screen.getByTestId('complaint-uploader').querySelectorAll('li')).toHaveLength(1));
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(input()).not.toBeNull();
  });

  it('spec 000 §5: at most 9; additions past the ninth are ignored and never sent', async () => {
    let n = 0;
    const seen = mockApi({
      '/user-problem/upload-problem-img': () =>
        envelope({ url: `/owner/files/${String(++n).padStart(22, 'b')}.jpg` }, '00'),
    });
    const seven = Array.from({ length: 7 }, (_, i) => ({
      url: `blob:${i}`,
      extra: { serverUrl: `/owner/files/${String(i).padStart(22, 'c')}.jpg` },
    }));
    render(<Harness initial={seven} />);
    await add(file('1.jpg'), file('2.jpg'), file('3.jpg'), file('4.jpg'));
    await waitFor(() => expect(latest).toHaveLength(9));
    expect(seen.filter((r) => r.url.pathname.endsWith('/upload-problem-img'))).toHaveLength(2);
    // At 9 the + tile (the file input) is gone: nothing more can be chosen.
    expect(input()).toBeNull();
    expect(screen.getAllByRole('img', { name: /^Picture \d$/ })).toHaveLength(9);
  });

  it('a picture can be removed; the + tile comes back and the picture is no longer sent', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({
      url: `blob:${i}`,
      extra: { serverUrl: `/owner/files/${String(i).padStart(22, 'd')}.jpg` },
    }));
    render(<Harness initial={nine} />);
    expect(input()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    expect(latest.map((e) => e.extra.serverUrl)).not.toContain(`/owner/files/${'1'.padStart(22, 'd')}.jpg`);
    expect(latest).toHaveLength(8);
    expect(input()).not.toBeNull();
    expect(input().accept).toBe('image/jpeg,image/png,image/webp');
    expect(screen.getByLabelText('Add pictures')).toBe(input());
  });

  it('an upload on the way shows as a busy tile and counts toward the 9', async () => {
    let finish: (() => void) | undefined;
    mockApi({
      '/user-problem/upload-problem-img': () =>
        new Promise<MockReply>((resolve) => {
          finish = () => resolve(envelope({ url: `/owner/files/${'e'.repeat(22)}.jpg` }, '00'));
        }),
    });
    const eight = Array.from({ length: 8 }, (_, i) => ({
      url: `blob:${i}`,
      extra: { serverUrl: `/owner/files/${String(i).padStart(22, 'f')}.jpg` },
    }));
    render(<Harness initial={eight} />);
    await add(file('9.jpg'));
    await waitFor(() => expect(finish).toBeDefined());
    expect(screen.getByRole('img', { name: 'Uploading…' }).getAttribute('aria-busy')).toBe('true');
    expect(input()).toBeNull();
    await act(async () => finish?.());
    await waitFor(() => expect(latest).toHaveLength(9));
    expect(screen.queryByRole('img', { name: 'Uploading…' })).toBeNull();
  });
});
