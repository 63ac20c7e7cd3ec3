import { App, Button, Checkbox, Drawer, Image, Input, Space, Tabs, Tag, Upload } from 'antd';
import { manilaTime } from '../../desk-format';
import { type DeskField, DeskFilters, useDeskFilters } from '../../desk-filters';
import { useDeskPage } from '../../desk-paging';
import { DeskTable } from '../../desk-table';
import type { UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import type { CallReply } from '../../../shared/api/define-call';
import { API_BASE } from '../../../shared/constants';
import {
  operatorAskScore,
  operatorList,
  operatorReply,
  COLLECTION_TYPE,
  operatorUploadImage,
} from '../../../shared/contracts/complaints';
import { CallError, pictureUrl, staffToken, useAction, useCall } from '../../api';

type Complaint = CallReply<typeof operatorList>['list'][number];
type Queue = 'processing' | 'replied' | 'rated';

/** The question types borrowers choose from (spec 000 §2), as the desk filters by them. */
const TYPE_OPTIONS = [
  { value: COLLECTION_TYPE, label: 'Collection complaint' },
  { value: 2, label: 'Repayment issue' },
  { value: 3, label: 'Account and loan questions' },
  { value: 4, label: 'Suggestions' },
];

type Filters = { phone?: string; orderNo?: string; type?: number };
const FIELDS: readonly DeskField<Filters>[] = [
  {
    kind: 'search',
    key: 'phone',
    placeholder: 'Mobile number',
    label: "Find complaints by the borrower's mobile number",
    width: 220,
  },
  {
    kind: 'search',
    key: 'orderNo',
    placeholder: 'Contract number (84 or HRM00000084)',
    label: 'Find complaints about a contract',
    width: 300,
  },
  { kind: 'select', key: 'type', placeholder: 'Any type', label: 'Type', width: 220, options: TYPE_OPTIONS },
];

/** Support: the complaint queue — new, replied, rated — and the reply with text, pictures and a rating request. */
export function Complaints() {
  const [queue, setQueue] = useState<Queue>('processing');
  const { page, setPage, firstPage } = useDeskPage<'time'>('time', 'desc');
  const { filters, set } = useDeskFilters<Filters>({}, firstPage);
  const list = useCall(operatorList, { ...page, status: queue, ...filters });
  const askScore = useAction(operatorAskScore);
  const { message } = App.useApp();
  const [open, setOpen] = useState<Complaint | null>(null);
  return (
    <>
      <Tabs
        activeKey={queue}
        onChange={(key) => {
          setQueue(key as Queue);
          firstPage();
        }}
        items={[
          { key: 'processing', label: 'New' },
          { key: 'replied', label: 'Replied' },
          { key: 'rated', label: 'Rated' },
        ]}
      />
      <DeskFilters fields={FIELDS} filters={filters} set={set} />
      <DeskTable<Complaint, 'time'>
        rowKey="problemId"
        server={{ page, total: list.data?.total ?? 0, sorts: ['time'], onChange: setPage }}
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: 'Nothing here' }}
        columns={[
          { title: 'Filed', dataIndex: 'time', render: manilaTime },
          { title: 'Borrower', dataIndex: 'borrowerPhone' },
          { title: 'Order', dataIndex: 'orderNo', render: (o: string) => o || '—' },
          { title: 'Type', render: (_, c) => [c.type, c.sonType].filter(Boolean).join(' · ') },
          { title: 'Complaint', dataIndex: 'content', ellipsis: true },
          {
            title: 'Rating',
            dataIndex: 'score',
            render: (s: number | null, c) => (s ? `${s} ★` : c.isNeedScore ? <Tag>asked</Tag> : '—'),
          },
          {
            title: '',
            render: (_, c) => (
              <Space>
                <Button type="primary" onClick={() => setOpen(c)} data-testid={`answer-${c.problemId}`}>
                  {c.repliedAt ? 'Open' : 'Answer'}
                </Button>
                {c.repliedAt && !c.isNeedScore && !c.score ? (
                  <Button
                    onClick={() =>
                      askScore.mutate(
                        { problemId: c.problemId },
                        {
                          onSuccess: () => void message.success('Rating asked'),
                          onError: (e) => void message.error(e.message),
                        },
                      )
                    }
                  >
                    Ask for a rating
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {open ? <ReplyDrawer complaint={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function Pictures({ urls }: { urls: string[] }) {
  const [shown, setShown] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void Promise.all(urls.map((u) => pictureUrl(u).catch(() => ''))).then(
      (list) => live && setShown(list.filter(Boolean)),
    );
    return () => {
      live = false;
    };
  }, [urls]);
  if (urls.length === 0) return <p>No pictures.</p>;
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {shown.map((src, i) => (
          <Image key={src} src={src} width={96} height={96} style={{ objectFit: 'cover' }} alt={`Picture ${i + 1}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

async function uploadPicture(file: File): Promise<string> {
  const form = new FormData();
  form.append('problemImage', file);
  const res = await fetch(`${API_BASE}${operatorUploadImage.path}`, {
    method: 'POST',
    headers: { authorization: `Staff ${staffToken.get() ?? ''}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { url: string } | null; message: string };
  if (body.code !== 0 || !body.data) throw new CallError(body.code, body.message);
  return body.data.url;
}

function ReplyDrawer({ complaint, onClose }: { complaint: Complaint; onClose: () => void }) {
  const reply = useAction(operatorReply);
  const { message } = App.useApp();
  const [text, setText] = useState(complaint.disposeDetail);
  const [askScore, setAskScore] = useState(true);
  const [files, setFiles] = useState<UploadFile[]>(
    complaint.disposeImages.map((url, i) => ({ uid: url, name: `Picture ${i + 1}`, status: 'done', url })),
  );
  const send = () =>
    reply.mutate(
      {
        problemId: complaint.problemId,
        disposeDetail: text,
        disposeImages: files
          .map((f) => f.url)
          .filter(Boolean)
          .join(','),
        askScore: askScore ? '1' : '0',
      },
      {
        onSuccess: () => {
          void message.success('Reply sent');
          onClose();
        },
        onError: (e) => void message.error(e.message),
      },
    );
  return (
    <Drawer open title={`Complaint ${complaint.ticketNo} · ${complaint.borrowerPhone}`} size={560} onClose={onClose}>
      <h3>{[complaint.type, complaint.sonType].filter(Boolean).join(' · ')}</h3>
      <p style={{ whiteSpace: 'pre-wrap' }}>{complaint.content}</p>
      <Pictures urls={complaint.images} />
      <h3 style={{ marginTop: 24 }}>Reply</h3>
      <Input.TextArea
        aria-label="Reply"
        rows={6}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="reply-text"
      />
      <Upload
        listType="picture"
        accept="image/jpeg,image/png,image/webp"
        fileList={files}
        maxCount={9}
        customRequest={({ file, onSuccess, onError }) => {
          uploadPicture(file as File).then(
            (url) => {
              setFiles((list) =>
                list.map((f) => (f.uid === (file as UploadFile).uid ? { ...f, url, status: 'done' } : f)),
              );
              onSuccess?.(url);
            },
            (err: Error) => onError?.(err),
          );
        }}
        onChange={({ fileList }) => setFiles(fileList)}
      >
        <Button style={{ marginTop: 12 }}>Add a picture</Button>
      </Upload>
      <Checkbox
        checked={askScore}
        onChange={(e) => setAskScore(e.target.checked)}
        style={{ margin: '16px 0', display: 'flex' }}
      >
        Ask the borrower to rate this answer
      </Checkbox>
      <Button type="primary" loading={reply.isPending} disabled={!text.trim()} onClick={send} data-testid="reply-send">
        Send reply
      </Button>
    </Drawer>
  );
}
