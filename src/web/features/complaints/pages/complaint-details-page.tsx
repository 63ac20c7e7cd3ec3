import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { RATING_MODAL_DELAY_MS } from '../../../../shared/constants';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { problemDetailKey, useProblemDetail } from '../api/get-problem-detail';
import { problemListKey } from '../api/get-problem-list';
import { useSaveScore } from '../api/save-score';
import styles from '../components/complaints.module.css';
import { ImageGrid } from '../components/image-grid';
import { AnswerForm } from '../components/answer-form';
import { Escalation } from '../components/escalation';
import { RatingDialog } from '../components/rating-dialog';
import { useBackOrClose } from '../components/use-back';
import { idParam } from '../id-param';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * spec 000 §2 complaint details (read-only): type, sub-type, content, pictures; Process Result only
 * when there is a reply; the rating dialog 3 s after load when isNeedScore is non-zero. Ours: the
 * status, and while it is open the day a reply is promised by; the conversation after a reply; an
 * answer to the reply, which reopens the complaint; and where to take it beyond us (the SEC).
 */
export function ComplaintDetailsPage({ ratingDelayMs = RATING_MODAL_DELAY_MS }: { ratingDelayMs?: number }) {
  const [params] = useSearchParams();
  const problemId = idParam(params.get('problemId')) ?? 0;
  const detail = useProblemDetail(problemId);
  const back = useBackOrClose();
  const queryClient = useQueryClient();
  const score = useSaveScore();
  const [rating, setRating] = useState(false);
  const needsScore = (detail.data?.isNeedScore ?? 0) !== 0;

  useEffect(() => {
    if (!needsScore) return;
    const timer = setTimeout(() => setRating(true), ratingDelayMs);
    return () => clearTimeout(timer);
  }, [needsScore, ratingDelayMs]);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: problemDetailKey(problemId) });
    void queryClient.invalidateQueries({ queryKey: problemListKey() });
  };

  const sendScore = async (stars: number) => {
    const result = await score.mutateAsync({ score: stars, problemId });
    if (!result.success) return false;
    showToast(t('complaints.rateThanks'));
    await refresh();
    return true;
  };

  const query =
    problemId > 0 ? detail : { ...detail, data: undefined, isError: true, error: new Error(t('common.loadFailed')) };

  return (
    <PageLayout title={t('page.complaintDetails')} onBack={back}>
      <QueryState query={query}>
        {(c) => (
          <>
            <dl className={styles.card} data-testid="complaint-detail">
              <Field label={t('complaints.ticketNo')}>
                <span data-testid="complaint-ticket">{c.ticketNo}</span>
              </Field>
              <Field label={t('complaints.status')}>
                <span
                  className={`${styles.status} ${c.status === 0 ? styles.statusOpen : styles.statusReplied}`}
                  data-testid="complaint-status"
                >
                  {c.status === 0 ? t('complaints.statusOpen') : t('complaints.statusReplied')}
                </span>
              </Field>
              {c.status === 0 ? (
                <Field label={t('complaints.replyBy')}>
                  <time dateTime={c.replyBy} data-testid="complaint-reply-by">
                    {humanDate(c.replyBy)}
                  </time>
                </Field>
              ) : null}
              <Field label={t('complaints.type')}>{c.type}</Field>
              {c.sonType ? <Field label={t('complaints.subType')}>{c.sonType}</Field> : null}
              <Field label={t('complaints.content')}>
                <span className={styles.content}>{c.content}</span>
                <time className={styles.meta} dateTime={c.time}>
                  {humanDate(c.time, true)}
                </time>
              </Field>
              {c.images.length > 0 ? (
                <Field label={t('complaints.images')}>
                  <ImageGrid urls={c.images} testId="complaint-images" />
                </Field>
              ) : null}
            </dl>
            {c.followUps.length > 0 ? (
              <section className={styles.card} aria-labelledby="conversation" data-testid="complaint-conversation">
                <h2 id="conversation" className={styles.heading}>
                  {t('complaints.conversation')}
                </h2>
                <ol className={styles.thread}>
                  {c.followUps.map((m) => (
                    <li key={`${m.time}-${m.author}`} className={styles.message} data-author={m.author}>
                      <strong>{m.author === 'staff' ? t('complaints.fromUs') : t('complaints.fromYou')}</strong>
                      <p className={styles.content}>{m.body}</p>
                      {m.images.length > 0 ? <ImageGrid urls={m.images} testId="conversation-images" /> : null}
                      <time className={styles.meta} dateTime={m.time}>
                        {humanDate(m.time, true)}
                      </time>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
            {c.repliedAt !== null ? (
              <section className={styles.card} aria-labelledby="process-result" data-testid="process-result">
                <h2 id="process-result" className={styles.heading}>
                  {t('complaints.processResult')}
                </h2>
                <p className={styles.content}>{c.disposeDetail}</p>
                {c.disposeImages.length > 0 ? <ImageGrid urls={c.disposeImages} testId="reply-images" /> : null}
                {c.score !== null ? (
                  <p className={styles.meta}>{t('complaints.yourRating', { score: c.score })}</p>
                ) : null}
              </section>
            ) : null}
            {c.canAnswer === 1 ? (
              <AnswerForm
                problemId={c.problemId}
                onSent={async (replyBy) => {
                  await refresh();
                  showToast(t('complaints.answerSent', { date: humanDate(replyBy) }));
                }}
              />
            ) : null}
            <Escalation ticketNo={c.ticketNo} />
          </>
        )}
      </QueryState>
      <RatingDialog visible={rating && needsScore} onSend={sendScore} onClose={() => setRating(false)} />
    </PageLayout>
  );
}
