import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { href } from '../../../../shared/pages';
import { t } from '../../../lib/i18n';
import { Button } from '../../../lib/ui/button';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { useApplicationForm } from '../api/application';
import styles from '../components/application.module.css';
import { ConsentStep } from '../components/consent-step';
import { StepNotice } from '../components/step-notice';
import { currentStep, nextStep, STEPS, type Step } from '../steps';

// The fields (pickers, places, photos) load with the first form shown: the step list and the consent paint first.
const SectionForm = lazy(() => import('../components/section-form').then((m) => ({ default: m.SectionForm })));

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * The application's steps between choosing the amount and submitting it: the privacy consent,
 * personal details, work and income, a reference person, the government ID with its photo and a
 * selfie, and the payout account. Each step is saved on the server, so a borrower who leaves comes
 * back to the first step still missing; when none is, the confirm page submits.
 */
export function ApplicationPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const productId = positive(params.get('productId')) ?? 1;
  const amount = positive(params.get('amount'));
  const termDays = positive(params.get('termDays'));
  const form = useApplicationForm();
  const backToLoan = href('loanConfirm', { productId, amount, termDays });

  const goTo = (step: Step | null) => {
    const next = new URLSearchParams(params);
    if (step) next.set('step', step);
    else next.delete('step');
    setParams(next, { replace: false });
  };
  const afterSave = async (done: Step) => {
    const fresh = await form.refetch();
    const missing = fresh.data?.missing ?? [];
    const next = nextStep(done, missing);
    if (next) goTo(next);
    else void navigate(backToLoan);
  };

  return (
    <PageLayout title={t('page.application')}>
      <QueryState query={form}>
        {(app) => {
          const step = app.editable ? currentStep(params.get('step'), app.missing) : null;
          const section = app.sections.find((s) => s.key === step);
          const doneOf = (s: Step) => (s === 'consent' ? app.consent.givenAt !== null : !app.missing.includes(s));
          return (
            <>
              <ol className={styles.steps} aria-label={t('apply.stepsLabel')}>
                {STEPS.map((s, index) => (
                  <li
                    key={s}
                    className={s === step ? styles.current : undefined}
                    aria-current={s === step ? 'step' : undefined}
                  >
                    <button
                      type="button"
                      className={styles.stepButton}
                      disabled={!app.editable}
                      onClick={() => goTo(s)}
                      data-testid={`apply-step-${s}`}
                    >
                      <span className={doneOf(s) ? styles.stepDone : styles.stepNumber} aria-hidden="true">
                        {doneOf(s) ? '✓' : index + 1}
                      </span>
                      <span>{t(`apply.step.${s}`)}</span>
                      <span className="visually-hidden">{doneOf(s) ? t('apply.stepDone') : t('apply.stepToDo')}</span>
                    </button>
                  </li>
                ))}
              </ol>
              {step ? <StepNotice step={step} /> : null}
              {!app.editable ? (
                <p className={styles.notice} role="status" data-testid="apply-locked">
                  {t('apply.locked')}
                </p>
              ) : step === null ? (
                <div className={styles.notice} data-testid="apply-complete">
                  <p>{t('apply.complete')}</p>
                  <Button block size="large" onClick={() => void navigate(backToLoan)} data-testid="apply-back-to-loan">
                    {t('apply.backToLoan')}
                  </Button>
                </div>
              ) : step === 'consent' ? (
                <ConsentStep key="consent" consent={app.consent} onGiven={() => void afterSave('consent')} />
              ) : step === 'bank' ? (
                <div className={styles.notice} data-testid="apply-bank">
                  <p>{doneOf('bank') ? t('apply.bankDone') : t('apply.bankIntro')}</p>
                  {app.missing.length === 0 ? (
                    <Button
                      block
                      size="large"
                      onClick={() => void navigate(backToLoan)}
                      data-testid="apply-back-to-loan"
                    >
                      {t('apply.backToLoan')}
                    </Button>
                  ) : null}
                  <Button
                    block
                    size="large"
                    fill={doneOf('bank') ? 'outline' : 'solid'}
                    onClick={() => void navigate(href('bindBank', { productId }))}
                    data-testid="apply-bind"
                  >
                    {doneOf('bank') ? t('apply.bankChange') : t('apply.bankBind')}
                  </Button>
                </div>
              ) : section ? (
                <>
                  <h2 className={styles.sectionTitle}>{t(`apply.step.${step}`)}</h2>
                  <Suspense fallback={<p className={styles.notice}>{t('common.loading')}</p>}>
                    <SectionForm key={section.key} section={section} onSaved={() => void afterSave(step)} />
                  </Suspense>
                </>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </PageLayout>
  );
}
