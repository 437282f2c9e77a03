import { useEffect, useRef } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { useNotify, useRecordContext } from 'react-admin';
import { draftOf, leaveDraft, takeDraft, type Draft } from '../session/drafts';
import { currentSession } from '../session/session';

/**
 * Keeps what the clerk typed when the session ends unasked (decision 426, `session/drafts.ts`): the changed fields are
 * left when the form goes, and put back, with a notice, when the same user signs in and the form shows again. Rendered
 * by EditHeader, so every form has it.
 */
export function DraftKeeper() {
  const { getValues, setValue } = useFormContext();
  const { dirtyFields, isSubmitting, submitCount } = useFormState();
  const notify = useNotify();
  const record = useRecordContext();
  const location = useLocation();
  const place = location.pathname + location.search;
  const changed = useRef<string[]>([]);
  changed.current = Object.keys(dirtyFields);
  const user = useRef(currentSession()?.sub ?? null);
  const restored = useRef<Draft['values'] | null>(null);
  // Once the form was submitted the draft has served: a save's answer is a record read anew too, and the draft's old
  // masterTag put back over it made the next save from the open form (the cooperative's screen) a false conflict.
  if (isSubmitting || submitCount > 0) restored.current = null;

  useEffect(() => {
    const me = user.current;
    if (me === null) return undefined;
    restored.current = takeDraft(me, place);
    const told = restored.current
      ? window.setTimeout(() => notify('coop.draft.restored', { type: 'info' }), 0)
      : undefined;
    return () => {
      window.clearTimeout(told);
      leaveDraft({ user: me, place, values: draftOf(changed.current, getValues() as Record<string, unknown>) });
    };
  }, [place, getValues, notify]);

  // After the form's own effects: react-admin's Form resets its values to the record when it shows and whenever the
  // record is read anew (another clerk's change), after its children's effects ran. The draft goes back each time, with
  // the tag it was read under, so the save is refused if the record changed meanwhile.
  useEffect(() => {
    const draft = restored.current;
    if (!draft) return undefined;
    const putBack = window.setTimeout(() => {
      for (const [field, value] of Object.entries(draft)) setValue(field, value, { shouldDirty: true });
    }, 0);
    return () => window.clearTimeout(putBack);
  }, [record, setValue]);

  return null;
}
