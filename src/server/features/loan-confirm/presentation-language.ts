import type { StoredPresentation } from '../../../shared/contracts/back-office-catalogue';
import type { ProductPresentation } from '../../../shared/contracts/loan-confirm';
import type { Language } from '../../../shared/language';

/** A product's confirm-page texts in the reader's language: Filipino over English for a Filipino reader, English where none is given. */
export function presentationIn(presentation: StoredPresentation, language: Language): ProductPresentation {
  const { fil, ...english } = presentation;
  if (language !== 'fil' || !fil) return english;
  const retention = english.retention ? { ...english.retention, ...fil.retention } : undefined;
  return {
    ...english,
    buttonText: fil.buttonText || english.buttonText,
    promoText: fil.promoText || english.promoText,
    ...(retention ? { retention } : {}),
  };
}
