import { Alert, App, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import type { CallReply } from '../../../shared/api/define-call';
import { products, saveProduct } from '../../../shared/contracts/back-office-catalogue';
import { peso, useAction, useCall } from '../../api';
import { DeskTable } from '../../desk-table';
import { ChangeHistory } from '../audit/change-history';
import { PendingProductChanges } from './product-changes';
import { ProductForm } from './product-form';
import { formOfTerms, limitsOfForm } from './product-terms';

type Product = CallReply<typeof products>['list'][number];

const pct = (bps: unknown, unit: string) => (typeof bps === 'number' ? `${(bps / 100).toFixed(2)}% ${unit}` : '—');
const NEW_PRODUCT = { name: '', logo: '', enabled: false };

/**
 * Admin: loan products. The form runs the engine's check as the admin types; a change of pricing
 * (or turning a product on) waits for a second admin, and each product shows its change history.
 */
export function Products() {
  const list = useCall(products, {});
  const save = useAction(saveProduct);
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [history, setHistory] = useState<Product | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const template = list.data?.list[0];
  const initial =
    editing === 'new'
      ? formOfTerms({ ...NEW_PRODUCT, terms: template?.terms ?? {} })
      : editing
        ? formOfTerms(editing)
        : null;
  return (
    <>
      <Button type="primary" onClick={() => setEditing('new')} style={{ marginBottom: 16 }}>
        New product
      </Button>
      <PendingProductChanges />
      {notes.length > 0 ? (
        <Alert
          type="info"
          title="What the engine found"
          description={notes.join('. ')}
          style={{ marginBottom: 16 }}
          closable
        />
      ) : null}
      <DeskTable
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        data-testid="product-list"
        columns={[
          { title: 'Id', dataIndex: 'id' },
          { title: 'Name', dataIndex: 'name' },
          {
            title: 'Amounts',
            render: (_, p) => `${peso(p.terms.minAmount as number)} – ${peso(p.terms.maxAmount as number)}`,
          },
          {
            title: 'Term',
            render: (_, p) => {
              const offered = Array.isArray(p.terms.termOptions) ? p.terms.termOptions.join(' or ') : p.terms.termDays;
              return `${String(offered)} days, ${String(p.terms.periods)} period(s)`;
            },
          },
          { title: 'Interest', render: (_, p) => pct(p.terms.dailyInterestBps, 'a day') },
          { title: 'Service fee', render: (_, p) => pct(p.terms.serviceFeeBps, '') },
          {
            title: 'Status',
            dataIndex: 'enabled',
            render: (on: boolean) => (on ? <Tag color="green">offered</Tag> : <Tag>off</Tag>),
          },
          {
            title: '',
            render: (_, p) => (
              <Space>
                <Button onClick={() => setEditing(p)}>Edit</Button>
                <Button onClick={() => setHistory(p)}>History</Button>
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && initial ? (
        <ProductForm
          title={editing === 'new' ? 'New product' : `Product ${editing.id}: ${editing.name}`}
          initial={initial}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(values, terms) =>
            save.mutate(
              {
                id: editing === 'new' ? undefined : editing.id,
                name: values.name,
                logo: values.logo,
                enabled: values.enabled ? '1' : '0',
                terms: JSON.stringify(terms),
                ...limitsOfForm(values),
              },
              {
                onSuccess: (saved) => {
                  setEditing(null);
                  setNotes(saved.notes ?? []);
                  void message.success(
                    saved.pendingChangeId
                      ? `${saved.name} saved; the pricing change waits for a second admin`
                      : `${saved.name} saved`,
                    6,
                  );
                },
                onError: (e) => void message.error(e.message, 8),
              },
            )
          }
        />
      ) : null}
      {history ? (
        <ChangeHistory entity="product" entityId={history.id} title={history.name} onClose={() => setHistory(null)} />
      ) : null}
    </>
  );
}
