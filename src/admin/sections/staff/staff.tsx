import { App, Button, Checkbox, Input, Modal, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { DeskTable } from '../../desk-table';
import { useState } from 'react';
import { STAFF_ROLES, type StaffRole } from '../../../shared/api/define-call';
import {
  factorResets,
  roleGrants,
  type StaffMember,
  staffList,
  staffMe,
  staffSave,
} from '../../../shared/contracts/back-office';
import { useAction, useCall } from '../../api';
import { RoleGrantTag } from './role-grant-tag';

interface Draft {
  id?: number;
  email: string;
  name: string;
  roles: StaffRole[];
  active: boolean;
  password: string;
}

/**
 * Admin: staff accounts and their roles. Finance and admin are money roles: asking for one here
 * leaves it waiting on the member until a different admin approves or rejects it. A new account gets a first password typed here (none has a
 * default), which its owner must replace at their first sign-in, before enrolling an authenticator.
 */
export function Staff() {
  const list = useCall(staffList, {});
  const grants = useCall(roleGrants, {});
  const resets = useCall(factorResets, {});
  const me = useCall(staffMe, {});
  const save = useAction(staffSave);
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft | null>(null);
  const askReset = (m: StaffMember) =>
    save.mutate(
      {
        id: m.id,
        email: m.email,
        name: m.name,
        roles: m.roles.join(','),
        active: m.active ? '1' : '0',
        resetSecondFactor: '1',
      },
      {
        onSuccess: () => void message.success(`Reset of ${m.email}'s second factor asked: a second admin approves it`),
        onError: (e) => void message.error(e.message, 8),
      },
    );
  const edit = (m?: StaffMember) =>
    setDraft(m ? { ...m, password: '' } : { email: '', name: '', roles: ['support'], active: true, password: '' });
  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => edit()}>
        New account
      </Button>
      <DeskTable
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'E-mail', dataIndex: 'email' },
          {
            title: 'Roles',
            dataIndex: 'roles',
            render: (roles: string[], m) => (
              <Space direction="vertical" size={4}>
                <span>
                  {roles.map((r) => (
                    <Tag key={r}>{r}</Tag>
                  ))}
                </span>
                {(grants.data?.list ?? [])
                  .filter((g) => g.staffId === m.id)
                  .map((g) => (
                    <RoleGrantTag key={g.id} grant={g} myId={me.data?.id} />
                  ))}
              </Space>
            ),
          },
          {
            title: 'Status',
            dataIndex: 'active',
            render: (on: boolean) => (on ? <Tag color="green">active</Tag> : <Tag color="red">deactivated</Tag>),
          },
          {
            title: '',
            fixed: 'right',
            render: (_, m) => {
              const waiting = (resets.data?.list ?? []).some((r) => r.staffId === m.id);
              return (
                <Space size={4} wrap>
                  <Button onClick={() => edit(m)}>Edit</Button>
                  {waiting ? (
                    <Tag color="gold" data-testid={`factor-reset-waiting-${m.id}`}>
                      second-factor reset: waiting for a second admin
                    </Tag>
                  ) : m.id !== me.data?.id ? (
                    <Popconfirm
                      title={`Reset ${m.name}'s second factor?`}
                      description="For a lost phone. A second admin approves; then the member sets up a new authenticator at their next sign-in."
                      okText="Ask for the reset"
                      onConfirm={() => askReset(m)}
                    >
                      <Button data-testid={`reset-factor-${m.id}`}>Reset second factor</Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
      <Modal
        title={draft?.id ? `Account ${draft.email}` : 'New account'}
        open={draft !== null}
        okText="Save"
        okButtonProps={{ loading: save.isPending }}
        onCancel={() => setDraft(null)}
        onOk={() =>
          draft &&
          save.mutate(
            {
              id: draft.id,
              email: draft.email,
              name: draft.name,
              roles: draft.roles.join(','),
              active: draft.active ? '1' : '0',
              password: draft.password,
            },
            {
              onSuccess: (saved) => {
                setDraft(null);
                void message.success(
                  saved.pendingRoles.length > 0
                    ? `Account saved; ${saved.pendingRoles.join(' and ')} waits for a second admin`
                    : 'Account saved',
                );
              },
              onError: (e) => void message.error(e.message, 8),
            },
          )
        }
      >
        {draft ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <label htmlFor="staff-name">Name</label>
            <Input id="staff-name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
            <label htmlFor="staff-email-field">E-mail</label>
            <Input
              id="staff-email-field"
              value={draft.email}
              onChange={(e) => setDraft({ ...draft, email: e.target.value })}
            />
            <span id="staff-roles">Roles</span>
            <Checkbox.Group
              aria-labelledby="staff-roles"
              options={[...STAFF_ROLES]}
              value={draft.roles}
              onChange={(roles) => setDraft({ ...draft, roles: roles as StaffRole[] })}
            />
            <label htmlFor="staff-active">Active</label>
            <Switch id="staff-active" checked={draft.active} onChange={(active) => setDraft({ ...draft, active })} />
            <label htmlFor="staff-password-field">
              {draft.id ? 'New password (leave empty to keep)' : 'Password (12 characters or more)'}
            </label>
            <Input.Password
              id="staff-password-field"
              autoComplete="new-password"
              value={draft.password}
              onChange={(e) => setDraft({ ...draft, password: e.target.value })}
            />
            <Typography.Text type="secondary" data-testid="staff-password-hint">
              A password set here works once: at the next sign-in the member must choose their own before anything else,
              and only then sets up the authenticator.
            </Typography.Text>
          </Space>
        ) : null}
      </Modal>
    </>
  );
}
