import { App, Button, Input, Modal, Space, Switch, Tag } from 'antd';
import { DeskTable } from '../desk-table';
import { useState } from 'react';
import { saveTemplate, templates } from '../../shared/contracts/back-office-catalogue';
import { useAction, useCall } from '../api';
import { JsonEditor, pretty } from './json-editor';

interface Draft {
  id?: number;
  name: string;
  enabled: boolean;
  data: string;
}

/** Admin: the promotion landing templates (the page's texts, colours, images, store links), with a preview. */
export function Templates() {
  const list = useCall(templates, {});
  const save = useAction(saveTemplate);
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft | null>(null);
  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setDraft({ name: '', enabled: true, data: pretty(list.data?.list[0]?.data ?? {}) })}>
        New template
      </Button>
      <DeskTable
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        columns={[
          { title: 'Id', dataIndex: 'id' },
          { title: 'Name', dataIndex: 'name' },
          { title: 'Status', dataIndex: 'enabled', render: (on: boolean) => (on ? <Tag color="green">live</Tag> : <Tag>off</Tag>) },
          {
            title: '',
            render: (_, t) => (
              <Space>
                <Button onClick={() => setDraft({ id: t.id, name: t.name, enabled: t.enabled, data: pretty(t.data) })}>Edit</Button>
                {t.enabled ? (
                  <a href={`/promotion?templateId=${t.id}`} target="_blank" rel="noreferrer">
                    Preview
                  </a>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={draft?.id ? `Template ${draft.id}` : 'New template'}
        open={draft !== null}
        width={720}
        okText="Save"
        okButtonProps={{ loading: save.isPending }}
        onCancel={() => setDraft(null)}
        onOk={() =>
          draft &&
          save.mutate(
            { id: draft.id, name: draft.name, enabled: draft.enabled ? '1' : '0', data: draft.data },
            {
              onSuccess: (saved) => {
                setDraft(null);
                void message.success(`${saved.name} saved: preview it at /promotion?templateId=${saved.id}`);
              },
              onError: (e) => void message.error(e.message, 8),
            },
          )
        }
      >
        {draft ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <label htmlFor="template-name">Name (operators only)</label>
            <Input id="template-name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
            <label htmlFor="template-enabled">Live</label>
            <Switch id="template-enabled" checked={draft.enabled} onChange={(enabled) => setDraft({ ...draft, enabled })} />
            <label htmlFor="template-data">The landing page's data</label>
            <JsonEditor id="template-data" value={draft.data} onChange={(data) => setDraft({ ...draft, data })} />
          </Space>
        ) : null}
      </Modal>
    </>
  );
}
