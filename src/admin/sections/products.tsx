import { Alert, App, Button, Input, Modal, Space, Switch, Tag } from 'antd';
import { DeskTable } from '../desk-table';
import { useState } from 'react';
import type { CallReply } from '../../shared/api/define-call';
import { products, saveProduct } from '../../shared/contracts/back-office-catalogue';
import { peso, useAction, useCall } from '../api';
import { JsonEditor, pretty } from './json-editor';

type Product = CallReply<typeof products>['list'][number];
interface Draft {
  id?: number;
  name: string;
  logo: string;
  enabled: boolean;
  terms: string;
}

/** Admin: loan products; the loan engine validates the terms (BSP Circular 1133 ceilings included) before any is saved. */
export function Products() {
  const list = useCall(products, {});
  const save = useAction(saveProduct);
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const edit = (p?: Product) => {
    setNotes([]);
    setDraft(p ? { id: p.id, name: p.name, logo: p.logo, enabled: p.enabled, terms: pretty(p.terms) } : { name: '', logo: '', enabled: false, terms: pretty(list.data?.list[0]?.terms ?? {}) });
  };
  return (
    <>
      <Button type="primary" onClick={() => edit()} style={{ marginBottom: 16 }}>
        New product
      </Button>
      {notes.length > 0 ? <Alert type="info" title="What the engine found" description={notes.join('. ')} style={{ marginBottom: 16 }} closable /> : null}
      <DeskTable
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        columns={[
          { title: 'Id', dataIndex: 'id' },
          { title: 'Name', dataIndex: 'name' },
          { title: 'Amounts', render: (_, p) => `${peso(p.terms.minAmount as number)} – ${peso(p.terms.maxAmount as number)}` },
          { title: 'Term', render: (_, p) => `${String(p.terms.termDays)} days, ${String(p.terms.periods)} period(s)` },
          { title: 'Status', dataIndex: 'enabled', render: (on: boolean) => (on ? <Tag color="green">offered</Tag> : <Tag>off</Tag>) },
          { title: '', render: (_, p) => <Button onClick={() => edit(p)}>Edit</Button> },
        ]}
      />
      <Modal
        title={draft?.id ? `Product ${draft.id}` : 'New product'}
        open={draft !== null}
        width={720}
        okText="Save"
        okButtonProps={{ loading: save.isPending }}
        onCancel={() => setDraft(null)}
        onOk={() =>
          draft &&
          save.mutate(
            { id: draft.id, name: draft.name, logo: draft.logo, enabled: draft.enabled ? '1' : '0', terms: draft.terms },
            {
              onSuccess: (saved) => {
                setDraft(null);
                setNotes(saved.notes ?? []);
                void message.success(`${saved.name} saved`);
              },
              onError: (e) => void message.error(e.message, 8),
            },
          )
        }
      >
        {draft ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <label htmlFor="product-name">Name</label>
            <Input id="product-name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
            <label htmlFor="product-logo">Logo address</label>
            <Input id="product-logo" value={draft.logo} onChange={(e) => setDraft({ ...draft, logo: e.target.value })} />
            <label htmlFor="product-enabled">Offered to borrowers</label>
            <Switch id="product-enabled" checked={draft.enabled} onChange={(enabled) => setDraft({ ...draft, enabled })} />
            <label htmlFor="product-terms">Terms (the loan engine's configuration; centavos, basis points)</label>
            <JsonEditor id="product-terms" value={draft.terms} onChange={(terms) => setDraft({ ...draft, terms })} />
          </Space>
        ) : null}
      </Modal>
    </>
  );
}
