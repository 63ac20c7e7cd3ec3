import { Input } from 'antd';
import { deskHref } from '../desk-paths';

/** The header's search: a name, a mobile, a contract number or a payment reference, from any desk. */
export function BorrowerSearchBox() {
  return (
    <search style={{ display: 'flex', alignItems: 'center' }}>
      <Input.Search
        placeholder="Name, mobile, contract, ID no., account, payment ref."
        aria-label="Find a borrower by name, mobile, contract number, ID number, payout account or payment reference"
        allowClear
        enterButton="Find"
        data-testid="borrower-search"
        style={{ width: 380 }}
        onSearch={(q) => {
          if (q.trim().length >= 2) window.location.hash = deskHref.find(q);
        }}
      />
    </search>
  );
}
