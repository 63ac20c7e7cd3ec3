import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi } from '../../../test/fetch-mock';
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
      '/user-problem/upload-problem-img': () => envelope({ url: `/owner/files/${String(++n).padStart(22, 'a')}.jpg` }, '00'),
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
    mockApi({ '/user-problem/upload-problem-img': envelope(null, 41500, 'Please upload a JPEG, PNG or WebP picture', 415) });
    render(<Harness />);
    await add(file('evil.jpg'));
    expect((await screen.findAllByText('Please upload a JPEG, PNG or WebP picture')).length).toBeGreaterThan(0);
    expect(latest).toHaveLength(0);
    expect(document.querySelectorAll('.adm-image-uploader-cell-fail')).toHaveLength(0);
  });

  it('spec 000 §5: at most 9; additions past the ninth are ignored and never sent', async () => {
    let n = 0;
    const seen = mockApi({
      '/user-problem/upload-problem-img': () => envelope({ url: `/owner/files/${String(++n).padStart(22, 'b')}.jpg` }, '00'),
    });
    const seven = Array.from({ length: 7 }, (_, i) => ({
      url: `blob:${i}`,
      extra: { serverUrl: `/owner/files/${String(i).padStart(22, 'c')}.jpg` },
    }));
    render(<Harness initial={seven} />);
    await add(file('1.jpg'), file('2.jpg'), file('3.jpg'), file('4.jpg'));
    await waitFor(() => expect(latest).toHaveLength(9));
    expect(seen.filter((r) => r.url.pathname.endsWith('/upload-problem-img'))).toHaveLength(2);
    // Still 9 after another try; nothing more is sent.
    await add(file('5.jpg'));
    expect(latest).toHaveLength(9);
    expect(seen.filter((r) => r.url.pathname.endsWith('/upload-problem-img'))).toHaveLength(2);
    // The add tile is hidden at 9.
    expect((input().parentElement as HTMLElement).style.display).toBe('none');
  });
});
