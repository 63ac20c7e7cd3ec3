import { App, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import type { CallReply } from '../../../shared/api/define-call';
import { saveTemplate, templates } from '../../../shared/contracts/back-office-catalogue';
import { useAction, useCall } from '../../api';
import { DeskTable } from '../../desk-table';
import { ChangeHistory } from '../audit/change-history';
import { TemplateForm } from './template-form';
import { BLANK_DATA, formOfTemplate, templateOfForm } from './template-texts';

type Template = CallReply<typeof templates>['list'][number];

/** Admin: the promotion landing templates as forms (texts in English and Filipino), each with its history and a preview. */
export function Templates() {
  const list = useCall(templates, {});
  const save = useAction(saveTemplate);
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const [history, setHistory] = useState<Template | null>(null);
  const first = list.data?.list[0];
  const initial =
    editing === 'new'
      ? formOfTemplate({ name: '', enabled: true, data: first?.data ?? BLANK_DATA })
      : editing
        ? formOfTemplate(editing)
        : null;
  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setEditing('new')}>
        New template
      </Button>
      <DeskTable
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        columns={[
          { title: 'Id', dataIndex: 'id' },
          { title: 'Name', dataIndex: 'name' },
          { title: 'Languages', render: (_, t) => (t.data.fil ? 'English, Filipino' : 'English') },
          {
            title: 'Status',
            dataIndex: 'enabled',
            render: (on: boolean) => (on ? <Tag color="green">live</Tag> : <Tag>off</Tag>),
          },
          {
            title: '',
            render: (_, t) => (
              <Space>
                <Button onClick={() => setEditing(t)}>Edit</Button>
                <Button onClick={() => setHistory(t)}>History</Button>
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
      {editing !== null && initial ? (
        <TemplateForm
          title={editing === 'new' ? 'New template' : `Template ${editing.id}`}
          initial={initial}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(values) =>
            save.mutate(
              {
                id: editing === 'new' ? undefined : editing.id,
                name: values.name,
                enabled: values.enabled ? '1' : '0',
                data: JSON.stringify(templateOfForm(values.data)),
              },
              {
                onSuccess: (saved) => {
                  setEditing(null);
                  void message.success(`${saved.name} saved: preview it at /promotion?templateId=${saved.id}`);
                },
                onError: (e) => void message.error(e.message, 8),
              },
            )
          }
        />
      ) : null}
      {history ? (
        <ChangeHistory entity="template" entityId={history.id} title={history.name} onClose={() => setHistory(null)} />
      ) : null}
    </>
  );
}
