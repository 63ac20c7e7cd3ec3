import { Tabs } from 'antd';
import { AccessRecords } from './access';
import { Breaches } from './breaches';
import { PrivacyRequests } from './requests';
import { Retention } from './retention';

/** The data protection officer's desk: requests, staff access records, retention, breaches. */
export function Privacy() {
  return (
    <Tabs
      items={[
        { key: 'requests', label: 'Requests', children: <PrivacyRequests /> },
        { key: 'access', label: 'Access records', children: <AccessRecords /> },
        { key: 'retention', label: 'Retention', children: <Retention /> },
        { key: 'breaches', label: 'Breaches', children: <Breaches /> },
      ]}
    />
  );
}
