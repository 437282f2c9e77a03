import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslate, type RedirectionSideEffect } from 'react-admin';
import { Icon, Spinner } from '../plain/icons';
import { DeleteButton } from './DeleteButton';
import { DraftKeeper } from './DraftKeeper';
import { UnsavedChangesPrompt } from './UnsavedChangesPrompt';

/**
 * Submits the form (react-admin's `SaveButton` with `alwaysEnable`: never disabled, a spinner instead of the icon while
 * the form is submitted), as a plain button.
 */
function SaveButton() {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const label = translate('coop.edit.save');
  return (
    <button type="submit" className="cl-btn cl-btn-contained" aria-label={label} data-testid="save">
      {isSubmitting ? <Spinner size={14} inherit /> : <Icon name="save" size="xs" className="cl-btn-icon" />}
      {label}
    </button>
  );
}

/**
 * The shared edit header (SPEC 2): back, title, and on the right save and, where allowed, delete with a
 * confirmation dialog, the question before leaving unsaved changes, and the input kept across a session's end. Must sit inside a react-admin <Form>. Plain elements (`plain/plain.css`), since every
 * form shows the header, the first screen's too (decision 26); the delete confirmation (react-admin's dialog) loads
 * when it is first asked for (`DeleteButton.tsx`, issue 43).
 */
export function EditHeader({
  title,
  backTo,
  canSave = true,
  canDelete = false,
  deleteRedirect,
  recordName,
  extra,
}: {
  title: ReactNode;
  backTo: string;
  canSave?: boolean;
  canDelete?: boolean;
  deleteRedirect?: RedirectionSideEffect;
  recordName?: string;
  extra?: ReactNode;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <div className="cl-edit-header">
      <button type="button" className="cl-btn cl-btn-inherit" onClick={() => void navigate(backTo)} data-testid="back">
        <span className="cl-btn-start">
          <Icon name="arrowBack" size="small" />
        </span>
        {translate('coop.edit.back')}
      </button>
      <h1 className="cl-edit-title" data-testid="form-title">
        {title}
      </h1>
      {extra}
      {canDelete ? (
        <DeleteButton
          redirect={deleteRedirect ?? false}
          title={translate('coop.edit.confirmDeleteTitle', { name: recordName ?? '' })}
        />
      ) : null}
      {canSave ? <SaveButton /> : null}
      <UnsavedChangesPrompt />
      <DraftKeeper />
    </div>
  );
}
