import { useState } from 'react';
import { clampComplaintText, complaintTextProblem } from '../../../../shared/contracts/complaints';
import { COMPLAINT_TEXT_MAX } from '../../../../shared/constants';
import { t } from '../../../lib/i18n';
import { Button } from '../../../lib/ui/button';
import { useAnswerReply } from '../api/answer-reply';
import styles from './complaints.module.css';

/**
 * Under a reply: the borrower answers it, which opens the complaint again (or, after it is closed,
 * reopens it). An empty answer is marked at the field, not sent.
 */
export function AnswerForm({ problemId, onSent }: { problemId: number; onSent: (replyBy: string) => Promise<void> }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const answer = useAnswerReply();

  const send = async () => {
    if (complaintTextProblem(text) !== null) {
      setProblem(t('complaints.answerEmpty'));
      return;
    }
    const result = await answer.mutateAsync({ problemId, problemDetail: text });
    if (!result.success || !result.data) return;
    setText('');
    await onSent(result.data.replyBy);
  };

  return (
    <section className={styles.card} aria-labelledby="answer-title" data-testid="complaint-answer">
      <h2 id="answer-title" className={styles.heading}>
        {t('complaints.answerTitle')}
      </h2>
      <p className={styles.hint}>{t('complaints.answerHint')}</p>
      <label className={styles.label} htmlFor="complaint-answer-text">
        {t('complaints.answerLabel')}
      </label>
      <textarea
        id="complaint-answer-text"
        className={styles.textarea}
        value={text}
        onChange={(event) => {
          setText(clampComplaintText(event.target.value));
          setProblem(null);
        }}
        rows={4}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? 'complaint-answer-problem' : 'complaint-answer-count'}
        data-testid="complaint-answer-text"
      />
      {problem !== null ? (
        <p id="complaint-answer-problem" className={styles.fieldError} role="alert">
          {problem}
        </p>
      ) : (
        <span id="complaint-answer-count" className={styles.count}>
          {t('complaints.count', { count: text.length, max: COMPLAINT_TEXT_MAX })}
        </span>
      )}
      <Button
        block
        className={styles.send}
        loading={answer.isPending}
        onClick={() => void send()}
        data-testid="complaint-answer-send"
      >
        {t('complaints.answerSend')}
      </Button>
    </section>
  );
}
