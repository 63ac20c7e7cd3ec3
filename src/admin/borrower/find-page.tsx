import { Alert, Typography } from 'antd';
import { useEffect } from 'react';
import { borrowerSearch } from '../../shared/contracts/back-office-borrowers';
import { displayPhone } from '../../shared/format/phone';
import { useCall } from '../api';
import { DeskTable } from '../desk-table';
import { deskHref } from '../desk-paths';

/** The borrowers a search names; one hit opens that borrower's page at once. */
export function FindPage({ q }: { q: string }) {
  const found = useCall(borrowerSearch, { q });
  const hits = found.data?.list ?? [];
  useEffect(() => {
    const [only] = hits;
    if (hits.length === 1 && only) window.location.replace(deskHref.borrower(only.borrowerId));
  }, [hits]);
  return (
    <>
      <Typography.Title level={2}>Borrowers matching “{q}”</Typography.Title>
      {found.error ? <Alert type="error" title={found.error.message} /> : null}
      <DeskTable
        rowKey="borrowerId"
        loading={found.isPending}
        dataSource={hits}
        locale={{ emptyText: 'No borrower has this name, mobile, contract number or payment reference' }}
        columns={[
          {
            title: 'Name',
            dataIndex: 'fullName',
            render: (name: string | null, hit) => (
              <a href={deskHref.borrower(hit.borrowerId)}>{name ?? 'No name given'}</a>
            ),
          },
          { title: 'Mobile', dataIndex: 'phone', render: (phone: string) => displayPhone(phone) },
          { title: 'Matched', dataIndex: 'matched' },
          { title: 'Orders', dataIndex: 'orders', align: 'right' },
        ]}
      />
    </>
  );
}
