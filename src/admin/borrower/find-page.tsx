import { Alert, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { borrowerSearch } from '../../shared/contracts/back-office-borrowers';
import { displayPhone } from '../../shared/format/phone';
import { useCall } from '../api';
import { DeskTable } from '../desk-table';
import { deskHref } from '../desk-paths';

/** The borrowers a search names; one hit opens that borrower's page at once. */
export function FindPage({ q }: { q: string }) {
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const found = useCall(borrowerSearch, { q, ...page });
  const hits = found.data?.list ?? [];
  const total = found.data?.total ?? 0;
  useEffect(() => {
    const [only] = hits;
    if (total === 1 && only) window.location.replace(deskHref.borrower(only.borrowerId));
  }, [hits, total]);
  return (
    <>
      <Typography.Title level={2}>Borrowers matching “{q}”</Typography.Title>
      {found.error ? <Alert type="error" title={found.error.message} /> : null}
      <DeskTable
        rowKey="borrowerId"
        loading={found.isPending}
        dataSource={hits}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total,
          onChange: (current, pageSize) => setPage({ page: pageSize === page.pageSize ? current : 1, pageSize }),
        }}
        locale={{
          emptyText:
            'No borrower has this name, mobile, contract number, ID number, payout account or payment reference',
        }}
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
