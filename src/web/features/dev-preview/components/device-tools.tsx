import { type ChangeEvent, useEffect, useState } from 'react';
import { t } from '../../../lib/i18n';
import styles from '../pages/test-preview-page.module.css';

/** spec 001 §2.3: a photo file picker that shows the chosen picture. */
export function PhotoPicker() {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(file ? URL.createObjectURL(file) : null);
  };
  return (
    <div className={styles.tool}>
      <label className={styles.label} htmlFor="preview-photo">
        {t('preview.photo')}
      </label>
      <input id="preview-photo" type="file" accept="image/*" onChange={onChange} data-testid="preview-photo" />
      {preview ? (
        <img
          className={styles.photo}
          src={preview}
          alt={t('preview.photoChosen')}
          width={160}
          height={160}
          data-testid="preview-photo-preview"
        />
      ) : null}
    </div>
  );
}

interface ContactsManager {
  select(properties: ['name'], options: { multiple: boolean }): Promise<{ name?: string[] }[]>;
}

/** spec 001 §2.3: a contact name; the Contact Picker fills it where the browser has one. */
export function ContactName() {
  const [name, setName] = useState('');
  const [picker, setPicker] = useState<ContactsManager | null>(null);
  useEffect(() => {
    const contacts = (navigator as Navigator & { contacts?: ContactsManager }).contacts;
    if (contacts && typeof contacts.select === 'function') setPicker(contacts);
  }, []);
  const pick = async () => {
    try {
      const [first] = (await picker?.select(['name'], { multiple: false })) ?? [];
      const chosen = first?.name?.[0];
      if (chosen) setName(chosen);
    } catch {
      // The person closed the picker: keep what was typed.
    }
  };
  return (
    <div className={styles.tool}>
      <label className={styles.label} htmlFor="preview-contact">
        {t('preview.contactName')}
      </label>
      <div className={styles.row}>
        <input
          id="preview-contact"
          className={styles.input}
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          data-testid="preview-contact"
        />
        {picker ? (
          <button type="button" className={styles.button} onClick={() => void pick()}>
            {t('preview.pickContact')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

type LocationState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'found'; text: string }
  | { kind: 'failed'; text: string };

/** spec 001 §2.3: the get-location button; shows latitude and longitude, or why not. */
export function GetLocation() {
  const [state, setState] = useState<LocationState>({ kind: 'idle' });
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState({ kind: 'failed', text: t('preview.locationUnsupported') });
      return;
    }
    setState({ kind: 'busy' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setState({
          kind: 'found',
          text: t('preview.locationFound', {
            latitude: coords.latitude.toFixed(6),
            longitude: coords.longitude.toFixed(6),
            accuracy: Math.round(coords.accuracy),
          }),
        }),
      (error) =>
        setState({
          kind: 'failed',
          text: t('preview.locationFailed', { reason: error.message || String(error.code) }),
        }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return (
    <div className={styles.tool}>
      <button
        type="button"
        className={styles.button}
        onClick={locate}
        disabled={state.kind === 'busy'}
        data-testid="preview-locate"
      >
        {t('preview.getLocation')}
      </button>
      <output className={styles.output} data-testid="preview-location" aria-live="polite">
        {state.kind === 'busy' ? t('common.loading') : state.kind === 'idle' ? '' : state.text}
      </output>
    </div>
  );
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** spec 001 §2.3: the browser's install prompt, kept for an Install button shown once it fired. */
export function InstallPrompt() {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [outcome, setOutcome] = useState('');
  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault(); // keep the browser's own banner away; our button shows it
      setPrompt(event as InstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);
  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const choice = await prompt.userChoice;
    setOutcome(choice.outcome === 'accepted' ? t('preview.installAccepted') : t('preview.installDismissed'));
    setPrompt(null); // an install prompt can be shown once
  };
  return (
    <div className={styles.tool}>
      <p className={styles.hint}>{t('preview.installHint')}</p>
      {prompt ? (
        <button type="button" className={styles.button} onClick={() => void install()} data-testid="preview-install">
          {t('preview.install')}
        </button>
      ) : null}
      <output className={styles.output} data-testid="preview-install-outcome">
        {outcome}
      </output>
    </div>
  );
}
