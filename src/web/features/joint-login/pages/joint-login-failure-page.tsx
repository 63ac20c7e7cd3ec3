import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../../lib/router';
import { type RecommendedProduct, failureInfo, productJump } from '../../../../shared/contracts/joint-login';
import { eventSave } from '../../../../shared/contracts/loan-details';
import { callApi, callQueryOptions } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import styles from './joint-login-failure.module.css';

/** spec 001 §2.11: tags show on the first two products only. */
const TAGGED = 2;

/** spec 001 §2.11 joint login failure (title Order Details): notice, reason, recommended products. */
export function JointLoginFailurePage() {
  const [params] = useSearchParams();
  const productId = Number(params.get('productId')) || undefined;
  const info = useQuery(callQueryOptions(failureInfo, { productId }, { loading: t('common.loading') }));

  const open = async (product: RecommendedProduct, index: number) => {
    if (product.state !== 1) return;
    // spec 001 §7: the tap is recorded with the list index, then the product's address opens.
    await callApi(eventSave, { productId: product.productId, moduleId: index, positionId: index }, { silent: true });
    const jump = await callApi(productJump, { productId: product.productId, index });
    if (jump.success && jump.data) window.location.assign(jump.data.link);
  };

  return (
    <PageLayout title={t('page.jointLoginFailure')}>
      <QueryState query={info}>
        {(d) => (
          <>
            <section className={styles.notice} data-testid="failure-notice">
              <h2>{d.noticeMessage}</h2>
              <p>{d.errMessage}</p>
            </section>
            <ul className={styles.list}>
              {d.list.map((product, index) => (
                <li key={product.productId}>
                  <button
                    type="button"
                    className={styles.product}
                    aria-disabled={product.state !== 1}
                    data-testid="recommended-product"
                    onClick={() => void open(product, index)}
                  >
                    <span className={styles.head}>
                      <img src={product.logo} alt="" width={32} height={32} />
                      <strong>{product.name}</strong>
                      <span className={product.state === 1 ? styles.apply : `${styles.apply} ${styles.off}`}>
                        {product.buttonText}
                      </span>
                    </span>
                    <span className={styles.range}>{product.amountRange}</span>
                    <span className={styles.small}>
                      {product.rangeDesc} · {product.rate}
                    </span>
                    <span className={styles.small}>{product.description}</span>
                    {index < TAGGED && product.tags.length > 0 ? (
                      <span className={styles.tags} data-testid="product-tags">
                        {product.tags.map((tag) => (
                          <span key={tag} className={styles.tag}>
                            {tag}
                          </span>
                        ))}
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
