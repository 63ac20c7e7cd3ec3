import { App, Card, DatePicker, Form, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { manualPayment, manualPayments } from '../../../shared/contracts/operator-loans';
import { peso, useAction, useCall } from '../../api';
import { DeskTable } from '../../desk-table';
import { CheckerActions } from '../checker/checker-actions';
import { ProposalForm } from './proposal-form';
import { staffMe } from '../../../shared/contracts/back-office';

interface ManualForm {
  orderNo: string;
  reference: string;
  pesos: number;
  kind: 'repayment' | 'extension';
  valueDate?: Dayjs;
}

/**
 * Finance: a payment received outside the providers is entered by one person, by contract number,
 * and posted only when a second finance user approves it.
 */
export function ManualPostings() {
  const pending = useCall(manualPayments, { status: 'pending' });
  const enter = useAction(manualPayment);
  const me = useCall(staffMe, {});
  const { message } = App.useApp();
  const [form] = Form.useForm<ManualForm>();
  const fail = (err: Error) => void message.error(err.message);
  const submit = (values: ManualForm) =>
    enter.mutate(
      {
        orderNo: values.orderNo,
        reference: values.reference,
        amount: Math.round(values.pesos * 100),
        kind: values.kind,
        ...(values.valueDate ? { valueDate: values.valueDate.format('YYYY-MM-DD') } : {}),
      },
      {
        onSuccess: (r) => {
          void message.success(
            r.duplicate
              ? 'This reference was already entered: nothing changed'
              : 'Entered; a second finance user must approve it',
          );
          form.resetFields();
        },
        onError: fail,
      },
    );
  return (
    <Card title="Payments received outside the providers" style={{ marginBottom: 24 }}>
      <ProposalForm<ManualForm>
        form={form}
        note={{ name: 'reference', label: 'Reference', hint: 'The bank or receipt reference', width: 150 }}
        onFinish={submit}
        pending={enter.isPending}
        submit="Enter"
        initialValues={{ kind: 'repayment' }}
      >
        <Form.Item label="Amount (₱)" name="pesos" rules={[{ required: true, message: 'Amount' }]}>
          <InputNumber min={0.01} step={0.01} precision={2} />
        </Form.Item>
        <Form.Item label="Paid on" name="valueDate">
          <DatePicker />
        </Form.Item>
        <Form.Item label="For" name="kind">
          <Select
            style={{ width: 140 }}
            options={[
              { value: 'repayment', label: 'Repayment' },
              { value: 'extension', label: 'Extension' },
            ]}
          />
        </Form.Item>
      </ProposalForm>
      <DeskTable
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={pending.isPending}
        dataSource={pending.data?.list ?? []}
        locale={{ emptyText: 'Nothing waiting for approval' }}
        columns={[
          { title: 'Contract', dataIndex: 'orderNo' },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
          { title: 'Paid on', dataIndex: 'valueDate' },
          { title: 'Entered by', dataIndex: 'requestedBy' },
          {
            title: 'Decision',
            key: 'decide',
            fixed: 'right',
            render: (_: unknown, row) => (
              <CheckerActions kind="manualPosting" id={row.id} mine={row.requestedBy === me.data?.email} />
            ),
          },
        ]}
      />
    </Card>
  );
}
