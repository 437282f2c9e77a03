import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { validationMessage } from '../data/validationErrors';
import { ConfirmDialog } from './ConfirmDialog';
import { registerWarningsAsker, type WarningsQuestion } from './warnings';

/**
 * The confirmation of a write's plausibility warnings (common/warnings.ts), one for the whole console (in the layout):
 * each warning under its field's label; "Save anyway" resends the write confirmed, "Cancel" leaves the form as it is.
 */
export function WarningsDialog() {
  const translate = useTranslate();
  const [question, setQuestion] = useState<WarningsQuestion | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerWarningsAsker(
        (q) =>
          new Promise<boolean>((resolve) => {
            answer.current?.(false);
            answer.current = resolve;
            setQuestion(q);
          }),
      ),
    [],
  );

  const close = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setQuestion(null);
  };

  const fieldLabel = (resource: string, field: string | null): string =>
    field ? translate(`resources.${resource}.fields.${field}`, { _: field }) : '';
  return (
    <ConfirmDialog
      open={question !== null}
      title={translate('coop.warnings.title')}
      testId="warnings-dialog"
      content={
        <>
          <p style={{ marginTop: 0 }}>{translate('coop.warnings.intro')}</p>
          <ul data-testid="warnings-list">
            {(question?.warnings ?? []).map((w, i) => (
              <li key={i} data-testid={`warning-${w.field ?? 'general'}`}>
                {w.field ? <strong>{fieldLabel(question!.resource, w.field)}: </strong> : null}
                {validationMessage(w)}
              </li>
            ))}
          </ul>
        </>
      }
      confirmLabel={translate('coop.warnings.saveAnyway')}
      onConfirm={() => close(true)}
      onClose={() => close(false)}
    />
  );
}
