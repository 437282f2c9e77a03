import { useEffect, useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { formErrorSummary } from './formErrors';

/**
 * In place of react-admin's notification of an invalid form (`<Form disableInvalidFormNotification>`): after a save the
 * form's own checks stopped, it names their messages (`formErrorSummary`), as a refusal of the server does, where
 * react-admin said only "Das Formular ist ungültig" (as `useNotifyIsFormInvalid`: once per save, only after one).
 */
export function FormErrorNotice() {
  const { submitCount, errors } = useFormState();
  const seen = useRef(submitCount);
  const notify = useNotify();
  const translate = useTranslate();
  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    const text = formErrorSummary(errors, translate);
    if (text) notify(text, { type: 'error', messageArgs: { _: text } });
  }, [errors, submitCount, notify, translate]);
  return null;
}
