import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { COLLECTION_TYPE, type ComplaintOrder, type ProblemOption } from '../../../../shared/contracts/complaints';
import { href } from '../../../../shared/pages';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { useProblemInit } from '../api/get-problem-init';
import { idParam } from '../id-param';
import styles from '../components/complaints.module.css';
import { OrderCard } from '../components/order-card';
import { TypeList } from '../components/type-list';

/**
 * spec 000 §2 complaint start (title Online service): My complaints; the order card with All;
 * the question types; sub-types only for type 1, and only when the order allows collection
 * complaints (isShow 1), otherwise the collection refusal.
 */
export function ComplaintStartPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const orderId = idParam(params.get('orderId'));
  const init = useProblemInit(orderId);
  const [expanded, setExpanded] = useState<number | undefined>();

  const chooseOrder = (order: ComplaintOrder) => {
    setExpanded(undefined);
    setParams({ orderId: String(order.orderId) }, { replace: true });
  };

  return (
    <PageLayout title={t('page.complaint')}>
      <div className={styles.topLink}>
        <Link to={href('complaintList')} data-testid="my-complaints">
          {t('complaints.myComplaints')}
        </Link>
      </div>
      <QueryState query={init}>
        {({ problemType, problemSonType, orderDetail, orderList }) => {
          const next = (type: ProblemOption, sub?: ProblemOption) =>
            void navigate(
              href('complaintNext', {
                problemType: type.value,
                problemSonType: sub?.value,
                orderId: orderDetail?.orderId,
              }),
            );
          const chooseType = (type: ProblemOption) => {
            if (type.value !== COLLECTION_TYPE) return next(type);
            if (orderDetail?.isShow !== 1) {
              setExpanded(undefined);
              showToast(t('complaints.collectionRefused'));
              return;
            }
            setExpanded(expanded === type.value ? undefined : type.value);
          };
          const collection = problemType.find((p) => p.value === COLLECTION_TYPE);
          return (
            <>
              <OrderCard order={orderDetail} orders={orderList} onChoose={chooseOrder} />
              <h2 className={styles.heading}>{t('complaints.chooseType')}</h2>
              <TypeList
                options={problemType}
                label={t('complaints.chooseType')}
                testId="complaint-types"
                expandable={{ value: COLLECTION_TYPE, open: expanded === COLLECTION_TYPE }}
                onChoose={chooseType}
              />
              {expanded === COLLECTION_TYPE && collection ? (
                <section className={styles.subTypes} aria-labelledby="complaint-sub-heading">
                  <h2 id="complaint-sub-heading" className={styles.heading}>
                    {t('complaints.chooseSubType')}
                  </h2>
                  <TypeList
                    options={problemSonType}
                    label={t('complaints.chooseSubType')}
                    testId="complaint-sub-types"
                    onChoose={(sub) => next(collection, sub)}
                  />
                </section>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </PageLayout>
  );
}
